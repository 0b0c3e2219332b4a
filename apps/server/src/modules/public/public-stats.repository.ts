import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  cadreVotes,
  companies,
  evaluationSubjects,
  polls,
  voteTargets,
  voteTypes,
  votes,
} from '../../db/schema';

/** The family a poll kind belongs to, in SQL. */
const familyOf = sql`CASE WHEN ${polls.targetType} IN ('company', 'person') THEN 'democratic_appraisal'
  ELSE 'democratic_evaluation' END`;

/** Polls that have at least one vote type of their family with public results. */
export async function listPollsWithPublicResults(db: Db) {
  return db
    .select({
      id: polls.id,
      title: polls.title,
      targetType: polls.targetType,
      companyId: companies.id,
      companyName: companies.name,
    })
    .from(polls)
    .innerJoin(companies, eq(companies.id, polls.companyId))
    .where(
      sql`EXISTS (SELECT 1 FROM ${voteTypes} WHERE ${voteTypes.companyId} = ${polls.companyId}
        AND ${voteTypes.resultsPublic} AND ${voteTypes.formCategory} = ${familyOf})`,
    )
    .orderBy(asc(polls.companyId), asc(polls.id));
}

export async function listPublicResultVoteTypes(db: Db, companyId: number, family: string) {
  return db
    .select({ id: voteTypes.id, name: voteTypes.name })
    .from(voteTypes)
    .where(
      and(
        eq(voteTypes.companyId, companyId),
        eq(voteTypes.formCategory, family),
        eq(voteTypes.resultsPublic, true),
      ),
    )
    .orderBy(asc(voteTypes.sortOrder), asc(voteTypes.id));
}

export async function listScoringAnswers(db: Db, pollId: number, voteTypeId: number) {
  return db
    .select({ submissionId: votes.submissionId, targetId: votes.targetId, answers: votes.answers })
    .from(votes)
    .where(and(eq(votes.pollId, pollId), eq(votes.voteTypeId, voteTypeId)))
    .orderBy(asc(votes.id));
}

export async function listCadreAnswers(db: Db, pollId: number, voteTypeId: number) {
  return db
    .select({ answers: cadreVotes.answers })
    .from(cadreVotes)
    .where(and(eq(cadreVotes.pollId, pollId), eq(cadreVotes.voteTypeId, voteTypeId)))
    .orderBy(asc(cadreVotes.id));
}

export async function listTargetsOfType(db: Db, companyId: number, type: string) {
  return db
    .select()
    .from(voteTargets)
    .where(and(eq(voteTargets.companyId, companyId), eq(voteTargets.type, type)))
    .orderBy(asc(voteTargets.sortOrder), asc(voteTargets.id));
}

export async function listSubjects(db: Db, companyId: number) {
  return db
    .select()
    .from(evaluationSubjects)
    .where(eq(evaluationSubjects.companyId, companyId))
    .orderBy(asc(evaluationSubjects.sortOrder), asc(evaluationSubjects.id));
}
