import { GOOD_RATE_LABEL } from '@kaoping/contracts/constants';
import type { PublicPollStats, PublicVoteTypeStats } from '@kaoping/contracts/public-vote-types';
import './receipt.css';

const pct = (share: number | null) => (share === null ? '-' : `${share.toFixed(2)}%`);
const num = (n: number | null) => (n === null ? '-' : n.toFixed(2));

function Figures({ vt }: { vt: PublicVoteTypeStats }) {
  return (
    <>
      {vt.targets?.map((t) => (
        <div key={t.target_id} className="kp-vote-stat">
          <h3>
            {t.name}
            {t.title && <small>{t.title}</small>}
          </h3>
          <p className="kp-vote-muted">
            答卷 {t.count} 份 · 平均分 {num(t.mean)} · {GOOD_RATE_LABEL} {pct(t.good_rate)}
          </p>
          <p>{t.overall.map((o) => `${o.label} ${o.count}（${pct(o.share)}）`).join('，')}</p>
        </div>
      ))}
      {vt.questions?.map((q) => (
        <div key={q.id} className="kp-vote-stat">
          <h3>{q.text}</h3>
          {q.options.length > 0 ? (
            <p>{q.options.map((o) => `${o.option} ${o.count}（${pct(o.share)}）`).join('，')}</p>
          ) : (
            <p className="kp-vote-muted">文字意见不公开（{q.answered} 条）</p>
          )}
        </div>
      ))}
      {vt.subjects?.map((s) => (
        <div key={s.subject_id} className="kp-vote-stat">
          <h3>{s.name}</h3>
          <p>
            {Object.entries(s.shares)
              .map(([op, share]) => `${op} ${pct(share)}`)
              .join('，')}
          </p>
        </div>
      ))}
    </>
  );
}

/** The figures of a poll whose results an admin published: per vote type, no single ballot. */
export function PublicStatsView({ stats }: { stats: PublicPollStats }) {
  return (
    <main className="kp-vote kp-vote-done">
      <header className="kp-vote-head">
        <p className="kp-vote-company">{stats.company.name}</p>
        <h1 className="kp-vote-title">{stats.poll.title} · 投票结果</h1>
      </header>
      {stats.vote_types.map((vt) => (
        <section key={vt.name} className="kp-card kp-vote-section" aria-label={vt.name}>
          <h2 className="kp-vote-h2">{vt.name}</h2>
          <p className="kp-vote-muted">有效答卷 {vt.ballot_count} 份</p>
          <Figures vt={vt} />
        </section>
      ))}
    </main>
  );
}
