import type { FormCategory } from '@kaoping/contracts/vote-type';
import type { TurnoutRow } from '@kaoping/contracts/turnout';
import { roundRatio } from '@kaoping/contracts/scoring';
import type { Db } from '../../db/client';
import { codeCounts } from '../ballot-codes/ballot-codes.repository';
import { submissionsByVoteType } from '../ballots/submissions.repository';
import { getCompany } from '../companies/companies.service';
import { roundOf } from '../rounds/round-scope';
import { listVoteTypes, type VoteTypeRow } from '../vote-types/vote-types.repository';
import { countStageOf, figuresHidden } from '../vote-types/vote-type-status';

/** over: more returned than issued; under: not more than half returned, 未超过半数 (exact comparisons, not the rounded rate). */
function warningOf(returned: number, issued: number | null): TurnoutRow['rate_warning'] {
  if (!issued) return null;
  if (returned > issued) return 'over';
  return 2 * returned <= issued ? 'under' : null;
}

/**
 * The company's vote types (of one family, or all) in their order, with 发出数 (codes handed out in codes
 * mode, expected_voters in link mode), 收回数 (formal ballots) and 参评率. Test ballots are counted apart
 * and never in the figures; 收回数 is split into 纸质 (paper sheets) and 线上. The server keeps 收回数 ≤ 发出数: every formal ballot of codes mode used a
 * code, and link mode refuses the voter past expected_voters.
 */
export async function turnoutRows(
  db: Db,
  roundId: number,
  formCategory?: FormCategory,
): Promise<{ rows: TurnoutRow[]; types: VoteTypeRow[] }> {
  const [types, received] = await Promise.all([
    listVoteTypes(db, roundId, formCategory),
    submissionsByVoteType(db, roundId),
  ]);
  const codes = await codeCounts(
    db,
    types.filter((t) => t.accessMode === 'codes').map((t) => t.id),
  );
  const rows = types.map((t): TurnoutRow => {
    const n = received.get(t.id) ?? { formal: 0, test: 0, paper: 0 };
    const issued = t.accessMode === 'codes' ? (codes.get(t.id)?.handedOut ?? 0) : t.expectedVoters;
    return {
      vote_type_id: t.id,
      name: t.name,
      form_category: t.formCategory as FormCategory,
      weight: t.weight,
      is_active: t.isActive,
      opens_at: t.opensAt?.toISOString() ?? null,
      closes_at: t.closesAt?.toISOString() ?? null,
      expected_voters: t.expectedVoters,
      access_mode: t.accessMode as TurnoutRow['access_mode'],
      test_mode: t.testMode,
      closed_at: t.closedAt?.toISOString() ?? null,
      received: n.formal,
      issued,
      rate: issued ? roundRatio(n.formal * 100, issued) : null,
      rate_warning: warningOf(n.formal, issued),
      test_received: n.test,
      paper: n.paper,
      online: n.formal - n.paper,
      count_stage: countStageOf(t),
      deleted_ballots: t.deletedBallots,
      figures_hidden: figuresHidden(t),
    };
  });
  return { rows, types };
}

/**
 * The rows whose figures may be read, and the vote types still open (投票中, formal) that every figure
 * leaves out until 结束投票 (decision 0041): the counting repositories skip their ballots, and the figures
 * name them instead of showing a column of zeros.
 */
export function splitOpen(rows: readonly TurnoutRow[]) {
  return {
    shown: rows.filter((r) => !r.figures_hidden),
    open: rows.filter((r) => r.figures_hidden).map((r) => ({ vote_type_id: r.vote_type_id, name: r.name })),
  };
}

/** GET /votes/turnout: light enough to poll every few seconds while a vote runs. */
export async function getTurnout(db: Db, companyId: number, formCategory?: FormCategory, roundId?: number) {
  await getCompany(db, companyId);
  const round = await roundOf(db, companyId, roundId);
  const { rows } = await turnoutRows(db, round.id, formCategory);
  const withExpected = rows.filter((r) => r.expected_voters !== null);
  const withIssued = rows.filter((r) => r.issued !== null);
  return {
    company_id: companyId,
    vote_types: rows,
    received: rows.reduce((a, r) => a + r.received, 0),
    expected: withExpected.length ? withExpected.reduce((a, r) => a + r.expected_voters!, 0) : null,
    issued: withIssued.length ? withIssued.reduce((a, r) => a + r.issued!, 0) : null,
    generated_at: new Date().toISOString(),
  };
}
