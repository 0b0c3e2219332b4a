// Answers of the rounds API (测评批次) for the web tests.
import type { RoundSummary } from '@kaoping/contracts/rounds';

/** A round as the rounds list gives it: the current 2026 round of a unit by default. */
export const roundSummary = (
  id: number,
  companyId: number,
  over: Partial<RoundSummary> = {},
): RoundSummary => ({
  id,
  company_id: companyId,
  name: '2026年度',
  year: 2026,
  state: 'current',
  created_at: '2026-01-05T01:00:00.000Z',
  archived_at: null,
  vote_types: 3,
  targets: 12,
  subjects: 2,
  ballots: 240,
  ...over,
});

export const twoRounds = (companyId: number) => ({
  items: [
    roundSummary(2, companyId),
    roundSummary(1, companyId, {
      name: '2025年度',
      year: 2025,
      state: 'archived',
      archived_at: '2026-01-05T01:00:00.000Z',
      ballots: 198,
    }),
  ],
});
