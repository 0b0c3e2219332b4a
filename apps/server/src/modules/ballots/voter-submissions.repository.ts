import type { VoterFilterQuery } from '@kaoping/contracts/records';
import type { FormCategory } from '@kaoping/contracts/vote-type';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { roundWhere } from './round-where';
import { revealedSql } from './sealed-while-open';
import { cadreVotes, recommendationVotes, submissions, voteTargets, voteTypes, votes } from '../../db/schema';

const BALLOT_TABLES = {
  democratic_appraisal: votes,
  democratic_evaluation: cadreVotes,
  democratic_recommendation: recommendationVotes,
} as const;
const ballotTable = (family: FormCategory) => BALLOT_TABLES[family];

/** The WHERE of a per-voter listing: never a submission of a vote type still open (decision 0041). */
export function voterWhere(family: FormCategory, f: VoterFilterQuery): SQL | undefined {
  return and(
    revealedSql('submissions'),
    eq(submissions.formCategory, family),
    f.company_id === undefined ? undefined : eq(submissions.companyId, f.company_id),
    roundWhere(submissions.roundId, f.round_id),
    f.vote_type_id === undefined ? undefined : eq(submissions.voteTypeId, f.vote_type_id),
    f.voter_key === undefined ? undefined : eq(submissions.voterKey, f.voter_key),
    f.source === undefined ? undefined : eq(submissions.source, f.source),
  );
}

function selectSubmissions(db: Db) {
  return db
    .select({ submission: submissions, voteTypeName: voteTypes.name })
    .from(submissions)
    .innerJoin(voteTypes, eq(voteTypes.id, submissions.voteTypeId));
}
export type SubmissionRow = Awaited<ReturnType<typeof listSubmissions>>[number];

export async function listSubmissions(
  db: Db,
  where: SQL | undefined,
  page: { skip: number; limit: number; sortBy: 'voter_key' | 'total_score'; order: 'asc' | 'desc' },
) {
  const dir = page.order === 'asc' ? asc : desc;
  // total_score is written with the ballots in one transaction; the figures shown are recounted below.
  // By score or by the 随机编号, never in the order of arrival (issue 26); the id (the client's random
  // UUID) breaks ties.
  const key = page.sortBy === 'total_score' ? submissions.totalScore : submissions.voterKey;
  return selectSubmissions(db)
    .where(where)
    .orderBy(dir(key), dir(submissions.voterKey), dir(submissions.id))
    .limit(page.limit)
    .offset(page.skip);
}

export async function countSubmissions(db: Db, where: SQL | undefined) {
  const [row] = await db.select({ n: count() }).from(submissions).where(where);
  return row?.n ?? 0;
}

/** Ballots and score sum (whole tenths) per submission, counted from the stored ballot rows. */
export async function ballotTotals(db: Db, family: FormCategory, submissionIds: string[]) {
  if (submissionIds.length === 0) return new Map<string, { n: number; tenths: number | null }>();
  const t = ballotTable(family);
  const tenths =
    family === 'democratic_appraisal'
      ? sql<number>`sum(round(${votes.score} * 10))::float8`
      : sql<null>`NULL`;
  const rows = await db
    .select({
      id: t.submissionId,
      n: count(),
      tenths: tenths.mapWith((v) => (v === null ? null : Number(v))),
    })
    .from(t)
    .where(inArray(t.submissionId, submissionIds))
    .groupBy(t.submissionId);
  return new Map(rows.map((r) => [r.id, { n: r.n, tenths: r.tenths }]));
}

/**
 * One voter's score of each target, per submission (民主测评), in the roster's order: what the records
 * screen shows instead of a sum over different people.
 */
export async function ballotScores(db: Db, submissionIds: string[]) {
  const out = new Map<string, { target_id: number; target_name: string | null; score: number }[]>();
  if (submissionIds.length === 0) return out;
  const rows = await db
    .select({ id: votes.submissionId, targetId: votes.targetId, name: voteTargets.name, score: votes.score })
    .from(votes)
    .leftJoin(voteTargets, eq(voteTargets.id, votes.targetId))
    .where(inArray(votes.submissionId, submissionIds))
    .orderBy(asc(voteTargets.sortOrder), asc(votes.targetId));
  for (const r of rows) {
    const list = out.get(r.id!) ?? [];
    list.push({ target_id: r.targetId, target_name: r.name, score: Number(r.score) });
    out.set(r.id!, list);
  }
  return out;
}

/** The submission of one 随机编号 in a round (one ballot; two only if two random keys ever clashed). */
export async function findVoterSubmissions(
  db: Db,
  family: FormCategory,
  where: { companyId: number; roundId: number; voter: string; voteTypeId?: number },
) {
  return selectSubmissions(db)
    .where(
      voterWhere(family, {
        company_id: where.companyId,
        round_id: where.roundId,
        vote_type_id: where.voteTypeId,
        voter_key: where.voter,
      }),
    )
    .orderBy(asc(submissions.voterKey), asc(submissions.id));
}

/**
 * The voter's submission through one vote type, to delete it (decision 0013): the delete rule's own
 * lookup, a write that answers no figure, so it finds a ballot of a vote type still open too.
 */
export async function findSubmissionToDelete(
  db: Db,
  family: FormCategory,
  where: { companyId: number; roundId: number; voteTypeId: number; voter: string },
) {
  const [row] = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(
      and(
        eq(submissions.formCategory, family),
        eq(submissions.companyId, where.companyId),
        eq(submissions.roundId, where.roundId),
        eq(submissions.voteTypeId, where.voteTypeId),
        eq(submissions.voterKey, where.voter),
      ),
    );
  return row;
}

export async function lockSubmission(db: Db, id: string) {
  const [row] = await db.select().from(submissions).where(eq(submissions.id, id)).for('update');
  return row;
}

/** Deletes a submission and its ballot rows; answers how many ballot rows went. */
export async function deleteSubmission(db: Db, family: FormCategory, id: string) {
  const t = ballotTable(family);
  const gone = await db.delete(t).where(eq(t.submissionId, id)).returning({ id: t.id });
  await db.delete(submissions).where(eq(submissions.id, id));
  return gone.length;
}
