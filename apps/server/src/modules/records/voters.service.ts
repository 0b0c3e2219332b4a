import type { VoterFilterQuery, VoterResult, VoterResultsQuery } from '@kaoping/contracts/records';
import { FORM_CATEGORY_LABELS, type FormCategory } from '@kaoping/contracts/vote-type';
import type { Db } from '../../db/client';
import { fail } from '../../lib/errors';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../audit/audit.repository';
import { getCompany } from '../companies/companies.service';
import { assertRoundWritable, recordsRound, roundOf } from '../rounds/round-scope';
import { getVoteTypeOfCompany } from '../vote-types/vote-types.service';
import { addDeletedBallots } from '../vote-types/vote-types.repository';
import { invalidateFigures } from '../figures/figures.repository';
import { countStageOf } from '../vote-types/vote-type-status';
import * as repo from '../ballots/voter-submissions.repository';

/**
 * One row per voter (submission); ballots, total and the score of each target recounted from the stored
 * ballot rows.
 */
async function mapRows(db: Db, family: FormCategory, rows: repo.SubmissionRow[]): Promise<VoterResult[]> {
  const ids = rows.map((r) => r.submission.id);
  const totals = await repo.ballotTotals(db, family, ids);
  const scores = family === 'democratic_appraisal' ? await repo.ballotScores(db, ids) : new Map();
  return rows.map(({ submission: s, voteTypeName }) => {
    const t = totals.get(s.id);
    return {
      voter_key: s.voterKey,
      is_test: s.isTest,
      source: s.source === 'paper' ? 'paper' : 'online',
      company_id: s.companyId,
      vote_type_id: s.voteTypeId,
      vote_type_name: voteTypeName,
      form_category: family,
      voted_on: s.createdAt,
      ballot_count: t?.n ?? 0,
      total_score: family === 'democratic_appraisal' ? (t?.tenths ?? 0) / 10 : null,
      target_scores: scores.get(s.id) ?? [],
    };
  });
}

export async function listVoterResults(db: Db, family: FormCategory, query: VoterResultsQuery) {
  const round_id = await recordsRound(db, query.company_id, query.round_id);
  const where = repo.voterWhere(family, { ...query, round_id });
  const [rows, total] = await Promise.all([
    repo.listSubmissions(db, where, {
      skip: query.skip,
      limit: query.limit,
      sortBy: query.sort_by,
      order: query.order,
    }),
    repo.countSubmissions(db, where),
  ]);
  return { items: await mapRows(db, family, rows), total };
}

export async function countVoterResults(db: Db, family: FormCategory, filter: VoterFilterQuery) {
  const round_id = await recordsRound(db, filter.company_id, filter.round_id);
  return { count: await repo.countSubmissions(db, repo.voterWhere(family, { ...filter, round_id })) };
}

/**
 * The submission of a 随机编号 (one ballot) of one family in a company, and its internal id (never
 * answered to a client): 404 when there is none.
 */
export async function voterSubmissions(
  db: Db,
  family: FormCategory,
  voter: string,
  scope: { companyId: number; roundId: number; voteTypeId?: number },
) {
  await getCompany(db, scope.companyId);
  const rows = await repo.findVoterSubmissions(db, family, { ...scope, voter });
  if (rows.length === 0) throw fail('VOTER_RECORDS_NOT_FOUND');
  return { ids: rows.map((r) => r.submission.id), submissions: await mapRows(db, family, rows) };
}

/**
 * Removes a voter's submission of one vote type with all its ballots, and records who did it, in one
 * transaction: results recounted afterwards no longer include them.
 */
export async function deleteVoter(
  db: Db,
  family: FormCategory,
  voter: string,
  scope: { companyId: number; voteTypeId: number; roundId?: number; reason: string },
  actor: Actor,
) {
  const voteType = await getVoteTypeOfCompany(db, scope.companyId, scope.voteTypeId);
  // Once the vote has ended the figures are being read (and printed): only a system admin may still
  // take a ballot out, and the figures say so (deleted_ballots).
  if (countStageOf(voteType) !== 'voting' && actor.role !== 'system_admin') {
    throw fail('VOTER_DELETE_AFTER_END');
  }
  if (voteType.formCategory !== family) {
    throw fail('VOTE_TYPE_OTHER_FAMILY', { family: FORM_CATEGORY_LABELS[family] });
  }
  // The round asked about must be the unit's (404) and the vote type's; an archived one never changes (409).
  const round = await roundOf(db, scope.companyId, scope.roundId);
  if (scope.roundId !== undefined && round.id !== voteType.roundId) throw fail('VOTE_TYPE_NOT_FOUND');
  return db.transaction(async (tx) => {
    await assertRoundWritable(tx, voteType.roundId);
    const found = await repo.findSubmissionToDelete(tx, family, {
      companyId: scope.companyId,
      roundId: voteType.roundId,
      voteTypeId: scope.voteTypeId,
      voter,
    });
    const row = found && (await repo.lockSubmission(tx, found.id));
    if (!row) throw fail('VOTER_RECORDS_NOT_FOUND');
    const deleted = await repo.deleteSubmission(tx, family, row.id);
    if (!row.isTest) {
      await addDeletedBallots(tx, row.voteTypeId, 1);
      // Its vote type's stored figures go in the same transaction; the next read counts again (0052).
      await invalidateFigures(tx, row.voteTypeId);
    }
    await recordAudit(tx, actor, 'votes.voter.delete', {
      company_id: row.companyId,
      vote_type_id: row.voteTypeId,
      vote_type_name: voteType.name,
      form_category: family,
      // The 随机编号 only: never the voter's identifier or the submission id (issue 26).
      voter_key: row.voterKey,
      deleted_ballots: deleted,
      is_test: row.isTest,
      stage: countStageOf(voteType),
      reason: scope.reason,
    });
    return {
      voter_key: row.voterKey,
      is_test: row.isTest,
      vote_type_id: row.voteTypeId,
      deleted_ballots: deleted,
    };
  });
}
