// Shape of GET /votes/turnout (results/turnout.routes.ts): ballots received per vote type.
import { z } from 'zod';
import { idSchema, int } from './common';
import { countStage, formCategory } from './vote-type';

export const turnoutQuery = z.object({
  company_id: idSchema,
  form_category: formCategory.optional(),
  /** An archived round of the unit (测评批次); absent = the current round. */
  round_id: idSchema.optional(),
});
export const turnoutRow = z.object({
  vote_type_id: int,
  name: z.string(),
  form_category: formCategory,
  weight: z.number(),
  is_active: z.boolean(),
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
  expected_voters: int.nullable(),
  access_mode: z.enum(['link', 'codes']),
  test_mode: z.boolean(),
  closed_at: z.string().nullable(),
  /** Formal submissions (voters) received: 收回数. */
  received: int,
  /** 发出数: codes handed out (codes mode) or expected_voters (link mode); null when unknown. */
  issued: int.nullable(),
  /** received / issued in percent, rounded half-up to two decimals; null when issued is null or 0. */
  rate: z.number().nullable(),
  /** over: above 100 %; under: not more than half (未超过半数); null otherwise or when unknown. */
  rate_warning: z.enum(['over', 'under']).nullable(),
  /** Test ballots (试投票) kept apart, never part of the figures. */
  test_received: int,
  /** 收回数 by source: formal paper sheets (纸质) and formal phone ballots (线上); paper + online = received. */
  paper: int,
  online: int,
  /** 投票中 / 投票结束 / 已完成计票. */
  count_stage: countStage,
  /** Formal ballots deleted after the vote ended (advanced mode): the figures say so. */
  deleted_ballots: int,
  /**
   * True while the vote type is open and formal (投票中, not 试投票): its records, figures and exports leave
   * it out until 结束投票; only these counts show it (decision 0041).
   */
  figures_hidden: z.boolean(),
});
export type TurnoutRow = z.infer<typeof turnoutRow>;
/** A vote type still open (投票中, formal), left out of the figures that name it. */
export const openVoteType = z.object({ vote_type_id: int, name: z.string() });
export type OpenVoteType = z.infer<typeof openVoteType>;
export const turnout = z.object({
  company_id: int,
  vote_types: z.array(turnoutRow),
  received: int,
  expected: int.nullable(),
  /** Σ issued over vote types whose 发出数 is known; null when none is. */
  issued: int.nullable(),
  generated_at: z.string(),
});
export type Turnout = z.infer<typeof turnout>;
