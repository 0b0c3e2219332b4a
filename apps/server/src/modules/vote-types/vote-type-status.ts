import type { CountStage } from '@kaoping/contracts/vote-type';
import type { VoteTypeStatus } from '@kaoping/contracts/public-vote-types';
import type { VoteTypeRow } from './vote-types.repository';

type Timing = Pick<VoteTypeRow, 'isActive' | 'opensAt' | 'closesAt' | 'closedAt'>;

/** Where the vote type stands at `now`: closed by hand (结束投票) or by its window, the same for voters. */
export function statusOf(v: Timing, now = Date.now()): VoteTypeStatus {
  if (!v.isActive) return 'inactive';
  if (v.closedAt) return 'closed';
  if (v.opensAt && now < v.opensAt.getTime()) return 'not_started';
  if (v.closesAt && now >= v.closesAt.getTime()) return 'closed';
  return 'open';
}

/** The vote has ended: closed by hand or past its window (whether or not it is switched on). */
export const hasEnded = (v: Timing, now = Date.now()) =>
  !!v.closedAt || (!!v.closesAt && now >= v.closesAt.getTime());

/**
 * The vote type's step: 投票中 until it ends (by hand or by its window), then 投票结束 while paper is still
 * keyed, then 已完成计票 once counted (figures final). `ballots/sealed-while-open.ts` says 投票中 in SQL.
 */
export function countStageOf(v: Timing & Pick<VoteTypeRow, 'countedAt'>, now = Date.now()): CountStage {
  if (v.countedAt) return 'counted';
  return hasEnded(v, now) ? 'counting' : 'voting';
}

/**
 * While open and formal (投票中, not 试投票) admins read counts only: records, figures and exports leave the
 * vote type out until 结束投票 (decision 0041; the ballots' side is `revealedSql`).
 */
export const figuresHidden = (v: Timing & Pick<VoteTypeRow, 'countedAt' | 'testMode'>, now = Date.now()) =>
  !v.testMode && countStageOf(v, now) === 'voting';
