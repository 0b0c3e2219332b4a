// 民主推荐 on a phone (issue 30): one 推荐职位 — its candidates to tick, the 另提名 boxes, the count picked
// against the most allowed as one picks, and the rules' refusal before anything is sent. No antd, no zod:
// the rules come from the contracts' zod-free module.
import {
  checkRecommendationEntry,
  postRuleLine,
  type PublicRecommendationPost,
  type RecommendationAnswers,
} from '@kaoping/contracts/recommendation-rules';
import './recommendation-post.css';

export interface RecommendationPostFormProps {
  post: PublicRecommendationPost;
  /** 1-based place of the post on the ballot, and how many posts it has. */
  number: number;
  count: number;
  /** write_ins keep their boxes' places (blank boxes as ''). */
  value: RecommendationAnswers;
  onChange: (next: RecommendationAnswers) => void;
}

/** What the rules say of a post's answers as a phone sends them: the refusal's words, or null. */
export function recommendationProblem(post: PublicRecommendationPost, value: RecommendationAnswers) {
  const check = checkRecommendationEntry(post, value, 'phone');
  return check.ok ? null : check.refusal.detail;
}

const picked = (value: RecommendationAnswers) =>
  value.choices.length + value.write_ins.filter((n) => n.trim() !== '').length;

export function RecommendationPostForm({
  post,
  number,
  count,
  value,
  onChange,
}: RecommendationPostFormProps) {
  const base = `kp-rec-${post.id}`;
  const n = picked(value);
  const full = n >= post.max_choices;
  const problem = recommendationProblem(post, value);
  const chosen = new Set(value.choices);
  const boxes = Array.from({ length: post.write_in_slots }, (_, i) => value.write_ins[i] ?? '');

  const toggle = (id: number, on: boolean) =>
    onChange({
      ...value,
      choices: on ? [...value.choices.filter((c) => c !== id), id] : value.choices.filter((c) => c !== id),
    });
  const write = (i: number, text: string) => {
    const next = [...boxes];
    next[i] = text;
    onChange({ ...value, write_ins: next });
  };

  return (
    <div className="kp-rec">
      <p className="kp-rec-place">
        推荐职位 {number} / {count}
      </p>
      <h2 className="kp-vote-h2 kp-rec-title" id={`${base}-title`}>
        {post.name}
      </h2>
      <p className="kp-rec-rule">{postRuleLine(post)}</p>
      <p className="kp-rec-howto">
        请勾选同意推荐的人选，不勾选的视为不推荐；最多推荐 {post.max_choices} 人
        {post.write_in_slots > 0 && '（含另提名人选）'}。不推荐任何人请全部留空，视为弃权。
      </p>
      <p
        className={`kp-rec-counter${full ? ' is-full' : ''}${problem ? ' is-bad' : ''}`}
        role="status"
        aria-live="polite"
        data-testid="rec-counter"
      >
        已推荐 <strong>{n}</strong> 人 / 最多 {post.max_choices} 人
        {full && !problem && <span>（已达上限，如需更换请先取消一位）</span>}
      </p>
      {post.candidates.length > 0 && (
        <fieldset className="kp-rec-list" aria-labelledby={`${base}-title`}>
          <legend className="kp-visually-hidden">{post.name}的参考人选</legend>
          {post.candidates.map((c) => {
            const on = chosen.has(c.id);
            const id = `${base}-c${c.id}`;
            const facts = [c.current_position, c.birth_date && `${c.birth_date}生`, c.note].filter(Boolean);
            return (
              <label key={c.id} htmlFor={id} className={`kp-rec-item${on ? ' is-on' : ''}`}>
                <input
                  id={id}
                  type="checkbox"
                  className="kp-rec-check"
                  checked={on}
                  disabled={!on && full}
                  onChange={(e) => toggle(c.id, e.target.checked)}
                />
                <span className="kp-rec-box" aria-hidden="true" />
                <span className="kp-rec-who">
                  <span className="kp-rec-name">{c.name}</span>
                  {facts.length > 0 && <span className="kp-rec-facts">{facts.join(' · ')}</span>}
                </span>
              </label>
            );
          })}
        </fieldset>
      )}
      {post.write_in_slots > 0 && (
        <div className="kp-rec-writeins">
          <p className="kp-rec-sub">另提名人选（参考人选以外，每栏填写一人姓名，可不填）</p>
          {boxes.map((text, i) => (
            <label key={i} className="kp-rec-writein">
              <span>另提名 {i + 1}</span>
              <input
                type="text"
                className="kp-rec-input"
                value={text}
                maxLength={60}
                autoComplete="off"
                disabled={full && text.trim() === ''}
                aria-label={`另提名人选 ${i + 1}`}
                onChange={(e) => write(i, e.target.value)}
              />
            </label>
          ))}
        </div>
      )}
      {problem && (
        <p className="kp-rec-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
