// Assessment rounds (测评批次): a unit's polls, vote types, targets, subjects and ballots belong to one
// round; exactly one round per unit is current, older ones are archived and never change.
// (rounds/rounds.routes.ts; DESIGN.md "Meeting day": archived rounds never change.)
import { z } from 'zod';
import { idSchema, int, requiredText, strict } from './common';

export const ROUND_STATES = ['current', 'archived'] as const;
export type RoundState = (typeof ROUND_STATES)[number];
export const ROUND_STATE_LABELS: Record<RoundState, string> = { current: '当前批次', archived: '已归档' };

/** What a voting link of an archived round shows. */
export const ROUND_ENDED_NOTICE = '本轮测评已结束';

export const MIN_ROUND_YEAR = 2000;
export const MAX_ROUND_YEAR = 2100;

export const round = z.object({
  id: int,
  company_id: int,
  name: z.string(),
  year: int,
  state: z.enum(ROUND_STATES),
  created_at: z.string(),
  archived_at: z.string().nullable(),
});
export type Round = z.infer<typeof round>;

/** A round as the rounds page lists it: with what it holds. */
export const roundSummary = round.extend({
  vote_types: int,
  targets: int,
  subjects: int,
  /** Formal ballots (test ballots are not counted). */
  ballots: int,
});
export type RoundSummary = z.infer<typeof roundSummary>;
/** GET /admin/companies/{id}/rounds: newest first (the current round first). */
export const roundList = z.object({ items: z.array(roundSummary) });
export type RoundList = z.infer<typeof roundList>;

export const roundName = requiredText('批次名称', 50);
export const roundYear = z.coerce
  .number({ error: '年度必须是数字' })
  .int({ error: '年度必须是整数' })
  .min(MIN_ROUND_YEAR, { error: `年度必须在 ${MIN_ROUND_YEAR}-${MAX_ROUND_YEAR} 之间` })
  .max(MAX_ROUND_YEAR, { error: `年度必须在 ${MIN_ROUND_YEAR}-${MAX_ROUND_YEAR} 之间` });

/**
 * POST /admin/companies/{id}/rounds (advanced mode): archives the current round and starts this one with a
 * copy of its setup (polls, vote types with new links, no codes and 试投票 on, targets, subjects, covers);
 * no ballots. 409 while a vote type of the current round is open with formal ballots.
 */
export const roundCreateBody = strict('批次', { name: roundName, year: roundYear });
export type RoundCreateInput = z.input<typeof roundCreateBody>;

/** `round_id` on the reads of results, records, statistics and exports: absent = the current round. */
export const roundQuery = z.object({ round_id: idSchema.optional() });

/** One earlier round's figures of a target, beside this round's (results comparison). */
export const targetPrevious = z.object({
  round_id: int,
  round_name: z.string(),
  /** The target of that round this one was copied from (a chain of copies is followed back). */
  target_id: int,
  weighted_score: z.number().nullable(),
  /** Share (percent) of the first overall grade over that round's pooled ballots; null without ballots. */
  top_share: z.number().nullable(),
});
export type TargetPrevious = z.infer<typeof targetPrevious>;

/**
 * What each target result of the appraisal figures carries for the comparison: the previous round's
 * figures (null when the target is new or there is no earlier round) and the change of the weighted
 * score and of the top share (this − previous, rounded half-up to two decimals; null when either is null).
 */
export const targetComparison = z.object({
  previous: targetPrevious.nullable(),
  change: z.object({ weighted_score: z.number().nullable(), top_share: z.number().nullable() }),
});
export type TargetComparison = z.infer<typeof targetComparison>;

/**
 * this − previous, exact for figures of two decimals (rounded half-up to two decimals); null when either
 * is null.
 */
export function figureChange(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null) return null;
  const cents = Math.round(current * 100) - Math.round(previous * 100);
  return cents / 100;
}

/** GET /admin/vote-targets/{id}/history: the target's figures in every round it (or its origin) was in. */
export const targetHistory = z.object({
  target_id: int,
  name: z.string(),
  rounds: z.array(
    z.object({
      round_id: int,
      round_name: z.string(),
      year: int,
      target_id: int,
      name: z.string(),
      title: z.string(),
      weighted_score: z.number().nullable(),
      top_share: z.number().nullable(),
      ballots: int,
    }),
  ),
});
export type TargetHistory = z.infer<typeof targetHistory>;

/** GET /admin/companies/{id}/rounds/history: the unit's own figures per round, oldest first. */
export const companyHistory = z.object({
  company_id: int,
  rounds: z.array(
    z.object({
      round_id: int,
      round_name: z.string(),
      year: int,
      state: z.enum(ROUND_STATES),
      /** Formal ballots of each family. */
      appraisal_ballots: int,
      evaluation_ballots: int,
      /** The leadership team's (company target's) weighted score, null without one or without ballots. */
      company_score: z.number().nullable(),
      /** The mean of the persons' weighted scores, null without ballots. */
      person_mean: z.number().nullable(),
      /** Newly promoted: share (percent) of 认同 over all answers, null without ballots. */
      newly_promoted_agree: z.number().nullable(),
    }),
  ),
});
export type CompanyHistory = z.infer<typeof companyHistory>;
