// The 跨单位排名 workbook's 核验码 (issue 27): it seals the rankings it prints, for the year and the units
// the account saw, so that 报告核验 reads the same rankings again.
import type { Db } from '../../db/client';
import type { Keys } from '../../lib/keys';
import { sealDocument, type SealScope } from '../report-check/report-check.service';
import { rankingsOf } from './rankings.service';

/** The rankings as the system holds them now, for the year and units a seal covered. */
export const rankingsFigures = (db: Db, scope: SealScope) => rankingsOf(db, scope.units, scope.year);

/** Reads the rankings and seals them; the workbook then prints the code in every sheet. */
export async function sealedRankings(
  db: Db,
  keys: Keys,
  units: number[] | null,
  year: number,
  userId: number | null,
) {
  const rankings = await rankingsOf(db, units, year);
  const seal = await sealDocument(db, keys, {
    kind: 'rankings_xlsx',
    companyId: null,
    roundId: null,
    scope: { year, units: units === null ? null : [...units].sort((a, b) => a - b) },
    figures: rankings,
    userId,
  });
  return { rankings, seal };
}
