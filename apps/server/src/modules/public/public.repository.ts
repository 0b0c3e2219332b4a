import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  cadreVotes,
  companies,
  evaluationSubjects,
  polls,
  submissions,
  voteTargets,
  voteTypes,
  votes,
} from '../../db/schema';

export type VoteTypeRow = typeof voteTypes.$inferSelect;
export type PollRow = typeof polls.$inferSelect;
export type TargetRow = typeof voteTargets.$inferSelect;
export type SubjectRow = typeof evaluationSubjects.$inferSelect;

/** Milliseconds since the epoch, read the same way on every path so a receipt's time never differs. */
export const epochMs = (column: unknown) => sql<number>`(extract(epoch from ${column}) * 1000)::float8`;

/** The vote type of a link with its company's name. */
export async function findVoteTypeByLink(db: Db, linkId: string) {
  const [row] = await db
    .select({ voteType: voteTypes, companyName: companies.name })
    .from(voteTypes)
    .innerJoin(companies, eq(companies.id, voteTypes.companyId))
    .where(eq(voteTypes.linkId, linkId));
  return row;
}

export async function findCompany(db: Db, id: number) {
  const [row] = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.id, id));
  return row;
}

export async function listCompanyPolls(db: Db, companyId: number, kinds: readonly string[]) {
  return db
    .select()
    .from(polls)
    .where(and(eq(polls.companyId, companyId), inArray(polls.targetType, [...kinds])))
    .orderBy(asc(polls.id));
}

export async function findPoll(db: Db, id: number) {
  const [row] = await db.select().from(polls).where(eq(polls.id, id));
  return row;
}

export async function findPollsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(polls).where(inArray(polls.id, ids));
}

export async function listActiveTargets(db: Db, companyId: number, type?: string) {
  return db
    .select()
    .from(voteTargets)
    .where(
      and(
        eq(voteTargets.companyId, companyId),
        eq(voteTargets.isActive, true),
        type ? eq(voteTargets.type, type) : undefined,
      ),
    )
    .orderBy(asc(voteTargets.sortOrder), asc(voteTargets.id));
}

/** Targets named in ballots, active or not (a receipt shows what was recorded). */
export async function findTargetsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(voteTargets).where(inArray(voteTargets.id, ids));
}

export async function listActiveSubjects(db: Db, companyId: number) {
  return db
    .select()
    .from(evaluationSubjects)
    .where(and(eq(evaluationSubjects.companyId, companyId), eq(evaluationSubjects.isActive, true)))
    .orderBy(asc(evaluationSubjects.sortOrder), asc(evaluationSubjects.id));
}

/** Every subject of the company, active or not, in display order (a receipt names past subjects too). */
export async function listAllSubjects(db: Db, companyId: number) {
  return db
    .select({ id: evaluationSubjects.id, name: evaluationSubjects.name })
    .from(evaluationSubjects)
    .where(eq(evaluationSubjects.companyId, companyId))
    .orderBy(asc(evaluationSubjects.sortOrder), asc(evaluationSubjects.id));
}

/** The submission with the names a receipt shows. */
export async function findSubmission(db: Db, id: string) {
  const [row] = await db
    .select({
      id: submissions.id,
      companyId: submissions.companyId,
      companyName: companies.name,
      voteTypeId: submissions.voteTypeId,
      voteTypeName: voteTypes.name,
      formCategory: submissions.formCategory,
      voterIdentifier: submissions.voterIdentifier,
      ballotCount: submissions.ballotCount,
      totalScore: submissions.totalScore,
      createdMs: epochMs(submissions.createdAt),
    })
    .from(submissions)
    .innerJoin(companies, eq(companies.id, submissions.companyId))
    .innerJoin(voteTypes, eq(voteTypes.id, submissions.voteTypeId))
    .where(eq(submissions.id, id));
  return row;
}

export async function findSubmissionOfVoter(db: Db, voteTypeId: number, voter: string) {
  const [row] = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(eq(submissions.voteTypeId, voteTypeId), eq(submissions.voterIdentifier, voter)));
  return row;
}

/** True when the voter has a submission in any vote type of that family of the company. */
export async function voterHasVoted(db: Db, companyId: number, family: string, voter: string) {
  const [row] = await db
    .select({ id: submissions.id })
    .from(submissions)
    .innerJoin(voteTypes, eq(voteTypes.id, submissions.voteTypeId))
    .where(
      and(
        eq(voteTypes.companyId, companyId),
        eq(submissions.formCategory, family),
        eq(submissions.voterIdentifier, voter),
      ),
    )
    .limit(1);
  return !!row;
}

export interface StoredBallot {
  pollId: number;
  targetId: number | null;
  answers: unknown;
  score: number | null;
}

/** The rows of one submission in the order they were written. */
export async function listSubmissionBallots(db: Db, submissionId: string): Promise<StoredBallot[]> {
  const scored = await db
    .select({ pollId: votes.pollId, targetId: votes.targetId, answers: votes.answers, score: votes.score })
    .from(votes)
    .where(eq(votes.submissionId, submissionId))
    .orderBy(asc(votes.id));
  if (scored.length > 0) return scored;
  const rows = await db
    .select({ pollId: cadreVotes.pollId, answers: cadreVotes.answers })
    .from(cadreVotes)
    .where(eq(cadreVotes.submissionId, submissionId))
    .orderBy(asc(cadreVotes.id));
  return rows.map((r) => ({ ...r, targetId: null, score: null }));
}
