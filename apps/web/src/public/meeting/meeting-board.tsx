import { useEffect, useState } from 'react';
import type { MeetingBoard as Board, MeetingVoteType } from '@kaoping/contracts/meeting';
import { MeetingSummary } from './meeting-summary';
import './meeting-board.css';

const FAMILY = { democratic_appraisal: '民主测评', democratic_evaluation: '民主评议' } as const;
const STATUS = {
  open: '投票进行中',
  closed: '投票已结束',
  not_started: '尚未开始',
  inactive: '已停用',
} as const;

/** "已开放 1 小时 05 分" from the opening time, or null without one (or before it). */
function sinceOpening(opensAt: string | null, now: number) {
  if (!opensAt) return null;
  const minutes = Math.floor((now - Date.parse(opensAt)) / 60_000);
  if (minutes < 0) return null;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? `已开放 ${h} 小时 ${String(m).padStart(2, '0')} 分` : `已开放 ${m} 分钟`;
}

/** The clock and the "since opening" texts move on their own between updates. */
function useNow(stepMs = 15_000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), stepMs);
    return () => clearInterval(id);
  }, [stepMs]);
  return now;
}

function VoteTypePanel({ v, now }: { v: MeetingVoteType; now: number }) {
  const share = v.issued ? Math.min(100, (v.voted / v.issued) * 100) : null;
  const since = v.status === 'open' ? sinceOpening(v.opens_at, now) : null;
  return (
    <section className={`kp-mt-panel kp-mt-${v.status}`} aria-label={v.name}>
      <header className="kp-mt-panel-head">
        <h2>{v.name}</h2>
        <span className="kp-mt-family">{FAMILY[v.form_category]}</span>
        {v.test_mode && <span className="kp-mt-test">试投票</span>}
      </header>
      <div className="kp-mt-panel-body">
        <div className="kp-mt-how">
          {v.status !== 'open' ? (
            <p className="kp-mt-state">{STATUS[v.status]}</p>
          ) : v.access_mode === 'codes' ? (
            <p className="kp-mt-codes">
              凭测评码投票
              <small>扫描测评码纸条上的二维码</small>
            </p>
          ) : v.qr_svg ? (
            <figure className="kp-mt-qr">
              {/* The server draws the QR of this vote type's own address; it holds no script. */}
              <div
                dangerouslySetInnerHTML={{ __html: v.qr_svg }}
                role="img"
                aria-label={`${v.name}投票二维码`}
              />
              <figcaption>微信或手机相机扫码投票</figcaption>
            </figure>
          ) : (
            <p className="kp-mt-state kp-mt-warn">未设置公网地址，无法显示二维码</p>
          )}
        </div>
        <div className="kp-mt-figures">
          <p className="kp-mt-voted">
            <span className="kp-mt-label">已投票</span>
            <strong data-testid={`voted-${v.vote_type_id}`}>{v.voted}</strong>
            {v.issued !== null && (
              <span className="kp-mt-of">
                / {v.issued} {v.access_mode === 'codes' ? '（发出数）' : '（应到人数）'}
              </span>
            )}
          </p>
          {share !== null && (
            <div
              className="kp-mt-bar"
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(share)}
              aria-label={`${v.name}投票进度`}
            >
              <div style={{ width: `${share}%` }} />
            </div>
          )}
          <p className="kp-mt-sub">
            {share !== null ? `${Math.floor(share)}%` : '未设应到人数'}
            {since && <span> · {since}</span>}
            {v.status === 'open' ? null : <span> · {STATUS[v.status]}</span>}
          </p>
        </div>
      </div>
    </section>
  );
}

/** 会场大屏: large type on a dark ground, readable from the back of a hall at 1920×1080 or 1280×720. */
export function MeetingBoard({ board, live }: { board: Board; live: boolean }) {
  const now = useNow();
  const clock = new Date(now).toLocaleTimeString('zh-CN', {
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
  return (
    <main className="kp-mt">
      <header className="kp-mt-head">
        <h1>{board.company.name}</h1>
        <p>
          {board.summary ? '测评结果' : '实时投票进度'} · {clock}
          <span className={live ? 'kp-mt-live' : 'kp-mt-live kp-mt-stale'}>
            {live ? '实时' : '重新连接中…'}
          </span>
        </p>
      </header>
      {board.summary ? (
        <MeetingSummary board={{ ...board, summary: board.summary }} />
      ) : board.vote_types.length === 0 ? (
        <p className="kp-mt-empty">本单位暂无启用的投票类型</p>
      ) : (
        <div className={`kp-mt-grid kp-mt-n${Math.min(board.vote_types.length, 4)}`}>
          {board.vote_types.map((v) => (
            <VoteTypePanel key={v.vote_type_id} v={v} now={now} />
          ))}
        </div>
      )}
      <footer className="kp-mt-foot">
        {board.summary
          ? `投票已结束 · 已投票 ${board.vote_types.map((v) => `${v.name} ${v.voted} 人`).join('、')} · 汇总只含统计结果，不含任何投票人信息`
          : '匿名投票 · 本屏只显示投票人数，不显示任何投票内容'}
      </footer>
    </main>
  );
}
