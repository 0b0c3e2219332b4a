// 跨单位排名 (issue 15 item 4): for a year, the rounds of that year of every unit the account sees, their
// units ranked against each other, every leader of every unit in one table, and the newly promoted
// cadres of all units against the group's average 认同率. Every figure comes from the units' 汇总表
// (server modules/summary); this file only ranks, with competitionRanks and byRank of ./ranking. Shares are in percent (8.06 = 8.06 %).
import { z } from 'zod';
import { companyRef, int } from './common';
import { roundYear } from './rounds';

export const rankingsQuery = z.object({ year: roundYear });
export type RankingsQuery = z.infer<typeof rankingsQuery>;

const roundRef = z.object({ id: int, name: z.string() });

export const unitRanking = z.object({
  company: companyRef,
  round: roundRef,
  /** The leadership team's weighted score (加权得分); null without ballots. */
  team_weighted_score: z.number().nullable(),
  /** 1 = best team weighted score (ties share a rank). */
  team_rank: int.nullable(),
  /** 选人用人 overall question: the share of its first option (e.g. 好), in percent; null without ballots. */
  cadre_good_share: z.number().nullable(),
  /** That option's label, e.g. 好. */
  cadre_good_label: z.string().nullable(),
  cadre_rank: int.nullable(),
  /** The unit's voter groups still open (投票中, formal): left out of its figures here (its 汇总表's open_note). */
  open_note: z.string().nullable(),
});
export type UnitRanking = z.infer<typeof unitRanking>;

export const leaderRanking = z.object({
  company: companyRef,
  round: roundRef,
  target_id: int,
  name: z.string(),
  title: z.string(),
  /** The 加权合计 row's weighted score; null without ballots. */
  weighted_score: z.number().nullable(),
  /** 优秀率: the share of the first overall grade in the 加权合计 row (the row that stands for the target), in percent. */
  excellent_rate: z.number().nullable(),
  score_rank: int.nullable(),
  excellent_rank: int.nullable(),
});
export type LeaderRanking = z.infer<typeof leaderRanking>;

export const promotedRanking = z.object({
  company: companyRef,
  round: roundRef,
  subject_id: int,
  name: z.string(),
  /** Voters who gave an opinion on this cadre. */
  count: int,
  /** 认同率 in percent; null without ballots. */
  approval_rate: z.number().nullable(),
  rank: int.nullable(),
  /** 认同率 minus the group average, in percentage points; null without ballots. */
  versus_average: z.number().nullable(),
  /** The unit's own flag (不认同 above its threshold). */
  flagged: z.boolean(),
});
export type PromotedRanking = z.infer<typeof promotedRanking>;

export const rankings = z.object({
  year: int,
  units: z.array(unitRanking),
  leaders: z.array(leaderRanking),
  newly_promoted: z.object({
    /** The mean of the cadres' 认同率 (exact fractions) over every cadre with ballots, in percent, two decimals half up. */
    average: z.number().nullable(),
    items: z.array(promotedRanking),
  }),
  generated_at: z.string(),
});
export type Rankings = z.infer<typeof rankings>;

/** How the rounds of a year are chosen, printed with the rankings. */
export const RANKINGS_NOTE =
  '每个单位取该年度的测评批次（同一年度有多个批次时取最新的一个）；排名按数值从高到低，数值相同名次并列；无选票的不参与排名。';
