// 重新核算 (issue 29): the figures stored when each vote type ended (decision 0052) against a fresh count
// of its ballots, per vote type of a unit (every round), with each difference named in Chinese.
import { z } from 'zod';
import { instant, int } from './common';

export const figureDifference = z.object({
  /** What differs, e.g. 「张三」总体评价“优秀”的票数. */
  what: z.string(),
  stored: z.number().nullable(),
  recounted: z.number().nullable(),
});
export type FigureDifference = z.infer<typeof figureDifference>;

export const figuresRecount = z.object({
  checked_at: instant,
  vote_types: z.array(
    z.object({
      vote_type_id: int,
      /** The vote type's name (after its round's name when the unit has several rounds). */
      name: z.string(),
      /** Formal ballots recounted. */
      ballots: int,
      ok: z.boolean(),
      differences: z.array(figureDifference),
    }),
  ),
});
export type FiguresRecount = z.infer<typeof figuresRecount>;
