import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { deletedBallotsNote } from '@kaoping/contracts/constants';
import type { MeetingBoard as Board, MeetingVoteType } from '@kaoping/contracts/meeting';
import type { CountStage } from '@kaoping/contracts/vote-type';
import { MeetingSummary } from './meeting-summary';
import './meeting-board.css';

const FAMILY = {
  democratic_appraisal: '民主测评',
  democratic_evaluation: '民主评议',
  democratic_recommendation: '民主推荐',
} as const;
/** The step of a vote type: the words of COUNT_STAGE_LABELS (contracts/vote-type.ts loads zod; a test checks they agree). */
export const STAGE_LABELS: Record<CountStage, string> = {
  voting: '投票中',
  counting: '投票结束',
  counted: '已完成计票',
};
/** What the step means for the hall, where the QR code stood while the vote ran. */
const STAGE_NOTES: Record<CountStage, string> = {
  voting: '',
  counting: '手机投票已停止，纸质票计票中',
  counted: '计票已完成，票数为最终结果',
};

/** The badge in a group's head: its step, or 尚未开始 / 已停用. */
function stepOf(v: MeetingVoteType): { label: string; tone: string } {
  if (v.status === 'not_started') return { label: '尚未开始', tone: 'waiting' };
  if (v.status === 'inactive') return { label: '已停用', tone: 'waiting' };
  return { label: STAGE_LABELS[v.count_stage], tone: v.count_stage };
}

/** Columns × rows for n groups on a landscape screen: up to 8 groups fit without scrolling. */
export function gridOf(n: number): { cols: number; rows: number } {
  const cols = n <= 3 ? Math.max(n, 1) : n === 4 ? 2 : n <= 6 ? 3 : 4;
  return { cols, rows: Math.max(1, Math.ceil(n / cols)) };
}

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

/** How long the pointer and keyboard may rest before the organiser's tools (and the cursor) fade out. */
export const TOOLS_IDLE_MS = 3_000;

/** True once nobody has moved the pointer, touched or typed for `ms`; any of them wakes it at once. */
function useIdle(ms = TOOLS_IDLE_MS) {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let timer = setTimeout(() => setIdle(true), ms);
    const wake = () => {
      clearTimeout(timer);
      setIdle(false);
      timer = setTimeout(() => setIdle(true), ms);
    };
    const events = ['pointermove', 'pointerdown', 'keydown', 'focusin', 'wheel'] as const;
    for (const e of events) document.addEventListener(e, wake, { passive: true });
    return () => {
      clearTimeout(timer);
      for (const e of events) document.removeEventListener(e, wake);
    };
  }, [ms]);
  return idle;
}

/** 已投票 against 应到 (or, without 应到, the codes handed out), and the codes handed out beside 应到. */
function Figures({ v, now }: { v: MeetingVoteType; now: number }) {
  const talk = v.recommendation_mode === 'talk';
  const base = v.expected ?? v.codes_issued;
  const baseLabel = v.expected !== null ? '应到' : '发出';
  const since = v.status === 'open' ? sinceOpening(v.opens_at, now) : null;
  const notes = [
    v.expected !== null && v.codes_issued !== null ? `发出测评码 ${v.codes_issued} 张` : null,
    base === null ? '未设应到人数' : null,
    since,
  ].filter(Boolean);
  return (
    <div className="kp-mt-figures">
      <p className="kp-mt-voted">
        {/* 谈话调研推荐: each talk is one record keyed by the interviewer. */}
        <span className="kp-mt-label">{talk ? '已谈话' : '已投票'}</span>
        <strong data-testid={`voted-${v.vote_type_id}`}>{v.voted}</strong>
        {base !== null && (
          <span className="kp-mt-of" data-testid={`base-${v.vote_type_id}`}>
            / {baseLabel} {base}
          </span>
        )}
      </p>
      {v.share !== null && (
        <div className="kp-mt-progress">
          <div
            className="kp-mt-bar"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.min(100, v.share)}
            aria-label={`${v.name}投票进度`}
          >
            <div style={{ width: `${Math.min(100, v.share)}%` }} />
          </div>
          <span className="kp-mt-pct" data-testid={`share-${v.vote_type_id}`}>
            {v.share}%
          </span>
        </div>
      )}
      {notes.length > 0 && <p className="kp-mt-sub">{notes.join(' · ')}</p>}
    </div>
  );
}

function VoteTypePanel({ v, now }: { v: MeetingVoteType; now: number }) {
  const step = stepOf(v);
  return (
    <section className={`kp-mt-panel kp-mt-${v.status}`} aria-label={v.name}>
      <div className="kp-mt-card">
        <header className="kp-mt-panel-head">
          <h2 title={v.name}>{v.name}</h2>
          <span className="kp-mt-tags">
            <span className="kp-mt-family">
              {v.recommendation_mode === 'talk' ? '谈话调研推荐' : FAMILY[v.form_category]}
            </span>
            {v.test_mode && <span className="kp-mt-test">试投票</span>}
            <span className={`kp-mt-step kp-mt-step-${step.tone}`} data-testid={`step-${v.vote_type_id}`}>
              {step.label}
            </span>
          </span>
        </header>
        <div className="kp-mt-panel-body">
          <div className="kp-mt-how">
            {v.status === 'closed' ? (
              <p className="kp-mt-state">
                {v.recommendation_mode === 'talk' && v.count_stage === 'counting'
                  ? '谈话调研已结束，计票中'
                  : STAGE_NOTES[v.count_stage]}
              </p>
            ) : v.status !== 'open' ? (
              <p className="kp-mt-state">{step.label}</p>
            ) : v.recommendation_mode === 'talk' ? (
              <p className="kp-mt-codes">
                谈话调研推荐
                <small>逐人谈话，由谈话人录入，无需扫码</small>
              </p>
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
          <Figures v={v} now={now} />
        </div>
        {v.deleted_ballots > 0 && (
          <p className="kp-mt-deleted" role="note">
            {deletedBallotsNote(v.deleted_ballots)}
          </p>
        )}
      </div>
    </section>
  );
}

/**
 * 会场大屏: large type on a dark ground that fills the screen without scrolling on a projector (1024×768 to
 * 1920×1080, up to 8 groups: the cards and their QR codes scale with the room they get). `tools` (the
 * organiser's buttons) sit in the footer, never over a figure, and fade out while nobody moves the pointer.
 */
export function MeetingBoard({ board, live, tools }: { board: Board; live: boolean; tools?: ReactNode }) {
  const now = useNow();
  const idle = useIdle();
  const clock = new Date(now).toLocaleTimeString('zh-CN', {
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
  const n = board.vote_types.length;
  const { cols, rows } = gridOf(n);
  const deleted = board.vote_types.filter((v) => v.deleted_ballots > 0);
  return (
    <main className={`kp-mt${idle ? ' kp-mt-idle' : ''}`}>
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
      ) : n === 0 ? (
        <p className="kp-mt-empty">本单位暂无启用的投票类型</p>
      ) : (
        <div
          className={`kp-mt-grid kp-mt-n${Math.min(n, 9)}`}
          style={{ '--kp-cols': cols, '--kp-rows': rows } as CSSProperties}
        >
          {board.vote_types.map((v) => (
            <VoteTypePanel key={v.vote_type_id} v={v} now={now} />
          ))}
        </div>
      )}
      <footer className="kp-mt-foot">
        <p>
          {board.summary
            ? `已完成计票 · 已投票 ${board.vote_types.map((v) => `${v.name} ${v.voted} 人`).join('、')}${deleted.map((v) => ` · ${v.name}${deletedBallotsNote(v.deleted_ballots)}`).join('')} · 汇总只含统计结果，不含任何投票人信息`
            : '匿名投票 · 本屏只显示投票人数，不显示任何投票内容'}
        </p>
        {tools && (
          <div className="kp-mt-tools" role="toolbar" aria-label="大屏操作">
            {tools}
          </div>
        )}
      </footer>
    </main>
  );
}
