import { forwardRef, useRef, type KeyboardEvent } from 'react';
import { Input, Tag, type InputRef } from 'antd';
import { postRuleLine, type PublicRecommendationPost } from '@kaoping/contracts/recommendation-rules';
import {
  answersOf,
  invalidNote,
  isWriteInLine,
  markedCount,
  postVerdict,
  pressPostKey,
  typeWriteIn,
  type PostEntryState,
  type PostKeyResult,
  type PostVerdict,
} from '../lib/recommendation-keys';
import { useKeyboardGrid, type GridHandle } from './keyboard-grid';

export interface RecommendationGridProps {
  posts: readonly PublicRecommendationPost[];
  state: PostEntryState;
  onState: (state: PostEntryState) => void;
  onResult: (result: PostKeyResult) => void;
  /** Esc: back to the code (or 谈话序号) field. */
  onEscape: () => void;
  disabled?: boolean;
}

export type RecommendationGridHandle = GridHandle;

export const lineId = (post: number, line: number) => `kp-pe-post-${post}-${line}`;

const VERDICT_TAG: Record<PostVerdict['kind'], { color: string; text: string }> = {
  valid: { color: 'success', text: '有效' },
  abstained: { color: 'default', text: '弃权' },
  invalid: { color: 'error', text: '无效' },
  refused: { color: 'warning', text: '需改正' },
};

function VerdictLine({
  post,
  verdict,
  count,
}: {
  post: PublicRecommendationPost;
  verdict: PostVerdict;
  count: number;
}) {
  if (verdict.kind === 'valid') return null;
  const text =
    verdict.kind === 'abstained'
      ? '未推荐任何人：本职位记为弃权（有效票）'
      : verdict.kind === 'invalid'
        ? invalidNote(post, count)
        : verdict.reason;
  return (
    <div
      className={`kp-pe-verdict kp-pe-verdict-${verdict.kind}`}
      role={verdict.kind === 'abstained' ? undefined : 'alert'}
      data-testid={`post-verdict-${post.id}`}
    >
      {text}
    </div>
  );
}

/**
 * A 民主推荐 sheet (or 谈话调研推荐 record) on screen, a block per 推荐职位 as on the printed 民主推荐票: the
 * 参考人选 with their 序号 and a mark each, the 另提名 boxes, the count against 最多推荐 and how the post
 * will be stored. Driven by the keyboard alone (recommendation-keys.ts); a box takes the focus while the
 * cursor is on it.
 */
export const RecommendationGrid = forwardRef<RecommendationGridHandle, RecommendationGridProps>(
  function RecommendationGrid({ posts, state, onState, onResult, onEscape, disabled }, ref) {
    const boxes = useRef(new Map<string, InputRef>());
    const { post: p, line } = state.cursor;
    const current = posts[p];
    const inBox = current ? isWriteInLine(current, line) : false;
    const { gridRef, apply, onGridKey } = useKeyboardGrid<PostEntryState, PostKeyResult>(ref, {
      disabled,
      onEscape,
      onState,
      onResult,
      press: (e) => pressPostKey(posts, state, e),
      inBox,
      box: () => boxes.current.get(lineId(p, line)),
      cursorId: lineId(p, line),
    });

    const onBoxKey = (e: KeyboardEvent<HTMLInputElement>) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onEscape();
      } else if (e.key === 'Enter' || e.key === 'ArrowUp' || e.key === 'ArrowDown') {
        apply(e, pressPostKey(posts, state, { key: e.key, ctrlKey: e.ctrlKey, metaKey: e.metaKey }));
      }
    };

    const pick = (post: number, at: number, toggle: boolean) => {
      if (disabled) return;
      const moved = { ...state, digits: '', cursor: { post, line: at } };
      if (toggle) {
        const result = pressPostKey(posts, moved, { key: ' ' });
        onState(result.state);
        onResult(result);
      } else onState(moved);
      setTimeout(() =>
        isWriteInLine(posts[post]!, at)
          ? boxes.current.get(lineId(post, at))?.focus()
          : gridRef.current?.focus(),
      );
    };

    return (
      <div
        ref={gridRef}
        className={`kp-pe-grid kp-pe-posts${disabled ? ' kp-pe-grid-off' : ''}`}
        tabIndex={disabled ? -1 : 0}
        role="group"
        aria-label="推荐票录入区"
        aria-activedescendant={inBox ? undefined : lineId(p, line)}
        onKeyDown={onGridKey}
      >
        {posts.map((post, pi) => {
          const a = answersOf(state.values, post);
          const count = markedCount(a);
          const verdict = postVerdict(post, a);
          const on = pi === p;
          const marked = new Set(a.choices);
          const position = post.candidates.some((c) => c.current_position);
          const birth = post.candidates.some((c) => c.birth_date);
          const tag = VERDICT_TAG[verdict.kind];
          return (
            <section
              key={post.id}
              className={`kp-pe-post${on ? ' kp-pe-post-on' : ''}${verdict.kind === 'invalid' || verdict.kind === 'refused' ? ' kp-pe-post-bad' : ''}`}
              aria-label={`推荐职位 ${pi + 1} ${post.name}`}
              data-testid={`post-${post.id}`}
            >
              <div className="kp-pe-post-head">
                <span className="kp-pe-post-title">
                  <span className="kp-pe-subject-no">{pi + 1}</span>
                  {post.name}
                </span>
                <span
                  className={`kp-pe-post-count${count > post.max_choices ? ' kp-pe-post-count-over' : ''}`}
                  data-testid={`post-count-${post.id}`}
                >
                  已推荐 <b>{count}</b> / 最多 {post.max_choices} 人
                </span>
                <Tag color={tag.color} className="kp-pe-post-tag">
                  {tag.text}
                </Tag>
              </div>
              <div className="kp-pe-post-rule">{postRuleLine(post)}</div>
              {post.candidates.length > 0 && (
                <div className="kp-pe-scroll">
                  <table className="kp-pe-table kp-pe-cands">
                    <thead>
                      <tr>
                        <th className="kp-pe-no">序号</th>
                        <th className="kp-pe-name">参考人选</th>
                        {position && <th className="kp-pe-meta">现任职务</th>}
                        {birth && <th className="kp-pe-meta">出生年月</th>}
                        <th className="kp-pe-mark">推荐</th>
                      </tr>
                    </thead>
                    <tbody>
                      {post.candidates.map((c, ci) => {
                        const here = on && line === ci;
                        const yes = marked.has(c.id);
                        return (
                          <tr
                            key={c.id}
                            id={lineId(pi, ci)}
                            className={`${here ? 'kp-pe-line-on ' : ''}${yes ? 'kp-pe-line-marked' : ''}`}
                            aria-selected={here}
                            onMouseDown={(e) => {
                              e.preventDefault();
                              pick(pi, ci, true);
                            }}
                          >
                            <td className="kp-pe-no">{ci + 1}</td>
                            <td className="kp-pe-name">{c.name}</td>
                            {position && <td className="kp-pe-meta">{c.current_position || '-'}</td>}
                            {birth && <td className="kp-pe-meta">{c.birth_date || '-'}</td>}
                            <td
                              className={`kp-pe-mark${yes ? ' kp-pe-mark-on' : ''}`}
                              aria-label={yes ? `${c.name} 已推荐` : `${c.name} 未推荐`}
                            >
                              {yes ? '○' : '·'}
                            </td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </div>
              )}
              {post.write_in_slots > 0 && (
                <div className="kp-pe-writeins">
                  {Array.from({ length: post.write_in_slots }, (_, i) => {
                    const at = post.candidates.length + i;
                    const id = lineId(pi, at);
                    return (
                      <label
                        key={i}
                        id={id}
                        className={`kp-pe-writein${on && line === at ? ' kp-pe-line-on' : ''}`}
                      >
                        <span>另提名 {i + 1}</span>
                        <Input
                          ref={(el) => {
                            if (el) boxes.current.set(id, el);
                            else boxes.current.delete(id);
                          }}
                          size="small"
                          value={a.write_ins[i] ?? ''}
                          maxLength={60}
                          autoComplete="off"
                          disabled={disabled}
                          aria-label={`${post.name} 另提名 ${i + 1}`}
                          placeholder="照录姓名，可不填"
                          onFocus={() => !(on && line === at) && pick(pi, at, false)}
                          onChange={(e) => onState(typeWriteIn(posts, state, pi, i, e.target.value))}
                          onKeyDown={onBoxKey}
                        />
                      </label>
                    );
                  })}
                </div>
              )}
              <VerdictLine post={post} verdict={verdict} count={count} />
            </section>
          );
        })}
      </div>
    );
  },
);
