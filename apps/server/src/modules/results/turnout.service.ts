import type { FormCategory } from '@kaoping/contracts/vote-type';
import type { TurnoutRow } from '@kaoping/contracts/turnout';
import { roundRatio } from '@kaoping/contracts/scoring';
import type { Db } from '../../db/client';
import { submissionsByVoteType } from '../ballots/submissions.repository';
import { getCompany } from '../companies/companies.service';
import { listVoteTypes, type VoteTypeRow } from '../vote-types/vote-types.repository';

/** The company's vote types (of one family, or all) in their order, with ballots received against expected. */
export async function turnoutRows(
  db: Db,
  companyId: number,
  formCategory?: FormCategory,
): Promise<{ rows: TurnoutRow[]; types: VoteTypeRow[] }> {
  const [types, received] = await Promise.all([
    listVoteTypes(db, companyId, formCategory),
    submissionsByVoteType(db, companyId),
  ]);
  const rows = types.map((t) => {
    const n = received.get(t.id) ?? 0;
    return {
      vote_type_id: t.id,
      name: t.name,
      form_category: t.formCategory as FormCategory,
      weight: t.weight,
      is_active: t.isActive,
      opens_at: t.opensAt?.toISOString() ?? null,
      closes_at: t.closesAt?.toISOString() ?? null,
      expected_voters: t.expectedVoters,
      received: n,
      rate: t.expectedVoters ? roundRatio(n * 100, t.expectedVoters) : null,
    };
  });
  return { rows, types };
}

/** GET /votes/turnout: light enough to poll every few seconds while a vote runs. */
export async function getTurnout(db: Db, companyId: number, formCategory?: FormCategory) {
  await getCompany(db, companyId);
  const { rows } = await turnoutRows(db, companyId, formCategory);
  const withExpected = rows.filter((r) => r.expected_voters !== null);
  return {
    company_id: companyId,
    vote_types: rows,
    received: rows.reduce((a, r) => a + r.received, 0),
    expected: withExpected.length ? withExpected.reduce((a, r) => a + r.expected_voters!, 0) : null,
    generated_at: new Date().toISOString(),
  };
}
