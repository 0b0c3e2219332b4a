// Shape of GET /votes/turnout (results/turnout.routes.ts): ballots received per vote type.
import { z } from 'zod';
import { idSchema, int } from './common';
import { formCategory } from './vote-type';

export const turnoutQuery = z.object({ company_id: idSchema, form_category: formCategory.optional() });
export const turnoutRow = z.object({
  vote_type_id: int,
  name: z.string(),
  form_category: formCategory,
  weight: z.number(),
  is_active: z.boolean(),
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
  expected_voters: int.nullable(),
  /** Submissions (voters) received. */
  received: int,
  /** received / expected_voters in percent, two decimals (may pass 100); null without expected_voters. */
  rate: z.number().nullable(),
});
export type TurnoutRow = z.infer<typeof turnoutRow>;
export const turnout = z.object({
  company_id: int,
  vote_types: z.array(turnoutRow),
  received: int,
  expected: int.nullable(),
  generated_at: z.string(),
});
export type Turnout = z.infer<typeof turnout>;
