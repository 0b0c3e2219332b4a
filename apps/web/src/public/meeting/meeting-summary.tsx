import { SHARE_ROUNDING_NOTE } from '@kaoping/contracts/constants';
import type { MeetingBoard, MeetingSummary as Summary } from '@kaoping/contracts/meeting';
import { POLL_KIND_LABELS } from '@kaoping/contracts/poll-kinds';
import { formatScore, formatShare } from '@/lib/format';

function AppraisalTable({ section }: { section: Summary['appraisal'][number] }) {
  return (
    <table className="kp-ms-table" aria-label={`${POLL_KIND_LABELS[section.kind].assessed}测评汇总`}>
      <thead>
        <tr>
          <th>{section.kind === 'person' ? '排名' : ''}</th>
          <th>{POLL_KIND_LABELS[section.kind].assessed}</th>
          <th>参评人数</th>
          <th>{section.rate_labels.excellent}</th>
          <th>{section.rate_labels.top_two}</th>
          <th>{section.rate_labels.bottom}</th>
          <th>加权得分</th>
        </tr>
      </thead>
      <tbody>
        {section.targets.map((t) => (
          <tr key={`${t.name}:${t.title}`} className={t.flagged ? 'kp-ms-flagged' : undefined}>
            <td>{section.kind === 'person' ? (t.rank ?? '—') : ''}</td>
            <td>
              {t.name}
              {t.title && <small> {t.title}</small>}
              {t.flagged && <span className="kp-ms-flag">预警</span>}
            </td>
            <td>{t.voters}</td>
            <td>{formatShare(t.excellent_rate)}</td>
            <td>{formatShare(t.top_two_rate)}</td>
            <td>{formatShare(t.bottom_rate)}</td>
            <td>{formatScore(t.weighted_score)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The 汇总 on the meeting screen, after the vote is closed and the organiser switched it on: the team
 * and the persons (加权合计 rates, weighted score, rank), 选人用人 overall, 新提拔 认同率. Figures only.
 */
export function MeetingSummary({ board }: { board: MeetingBoard & { summary: Summary } }) {
  const { summary } = board;
  const np = summary.newly_promoted;
  return (
    <section className="kp-ms" aria-label="测评汇总">
      <h2 className="kp-ms-title">测评结果汇总</h2>
      {summary.appraisal.map((s) => (
        <AppraisalTable key={s.kind} section={s} />
      ))}
      <div className="kp-ms-row">
        {summary.cadre_overall && (
          <div className="kp-ms-box" aria-label="选人用人工作总体评价">
            <h3>选人用人：{summary.cadre_overall.text}</h3>
            <p>
              {summary.cadre_overall.options.map((o) => (
                <span key={o.option}>
                  {o.option} <strong>{formatShare(o.share)}</strong>
                </span>
              ))}
            </p>
          </div>
        )}
        {np.subjects.length > 0 && (
          <div className="kp-ms-box" aria-label="新提拔干部认同率">
            <h3>新提拔干部认同率（平均 {formatShare(np.average_approval_rate)}）</h3>
            <p>
              {np.subjects.map((x) => (
                <span key={x.name}>
                  {x.rank ?? '—'}. {x.name} <strong>{formatShare(x.approval_rate)}</strong>
                </span>
              ))}
            </p>
          </div>
        )}
      </div>
      <p className="kp-ms-note">{SHARE_ROUNDING_NOTE}</p>
    </section>
  );
}
