import type { FormCategory } from '@kaoping/contracts/vote-type';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fail } from '../../lib/errors';
import { findPollsByIds, type PollRow } from '../polls/polls.repository';
import { recordsRound, roundOf } from '../rounds/round-scope';
import { voterSubmissions } from './voters.service';

/** The poll a ballot answers, for showing the ballot as the voter saw it (read-only). */
export function mapPollForm(row: PollRow) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    target_type: row.targetType as 'company' | 'person' | 'cadre' | 'newly_promoted',
    form_schema: row.formSchema as Record<string, unknown>,
  };
}

/** A ballot row of any family: the questionnaire families' rows answer a poll, 民主推荐's answer posts. */
export type RowBase = { vote: { pollId?: number; companyId: number; roundId: number } };

interface StoredBallot {
  id: number;
  voterKey: string;
  isTest: boolean;
  companyId: number;
  voteTypeId: number;
  pollId: number;
  answers: unknown;
  createdAt: string;
}

/**
 * What every ballot record shows, whatever its family (contracts/records.ts ballotRecord): the 随机编号,
 * never the voter's identifier, the submission id or a time of day (issue 26).
 */
export function mapBallotRecord(v: StoredBallot, voteTypeName: string | null, source: string | null) {
  return {
    id: v.id,
    voter_key: v.voterKey,
    is_test: v.isTest,
    company_id: v.companyId,
    vote_type_id: v.voteTypeId,
    vote_type_name: voteTypeName,
    poll_id: v.pollId,
    source: source === 'paper' ? ('paper' as const) : ('online' as const),
    answers: v.answers as Record<string, unknown>,
    voted_on: v.createdAt,
  };
}

/**
 * How one family's ballot records are read: appraisal ballots (votes), evaluation ones (cadre_votes) or
 * 民主推荐 ones (recommendation_votes). The records screens of the families work the same way over it.
 */
export interface RecordSource<Row extends RowBase, Filter, Query extends Filter, Rec, Extra> {
  family: FormCategory;
  where(filter: Filter): SQL | undefined;
  list(db: Db, where: SQL | undefined, query: Query): Promise<Row[]>;
  count(db: Db, where: SQL | undefined): Promise<number>;
  find(db: Db, id: number): Promise<Row | undefined>;
  ofSubmissions(db: Db, submissionIds: string[]): Promise<Row[]>;
  map(row: Row): Rec;
  /** What a read-only view shows beside the ballots (the evaluation family names its subjects). */
  extras(db: Db, roundId: number, rows: Row[]): Promise<Extra>;
  /** False when the family's ballots answer no poll (民主推荐): its views then carry no poll. */
  polls?: false;
}

/** The filters every records query has: the unit and the round (absent: the current round). */
interface RoundFilter {
  company_id?: number;
  round_id?: number;
}

/** One page of records and the total under the same filter. */
export async function listRecords<R extends RowBase, F, Q extends F, Rec, E>(
  db: Db,
  src: RecordSource<R, F, Q, Rec, E>,
  query: Q,
) {
  const { company_id, round_id } = query as RoundFilter;
  const where = src.where({ ...query, round_id: await recordsRound(db, company_id, round_id) });
  const [rows, total] = await Promise.all([src.list(db, where, query), src.count(db, where)]);
  return { items: rows.map(src.map), total };
}

export async function countRecords<R extends RowBase, F, Q extends F, Rec, E>(
  db: Db,
  src: RecordSource<R, F, Q, Rec, E>,
  filter: F,
) {
  const scope = filter as RoundFilter;
  const round_id = await recordsRound(db, scope.company_id, scope.round_id);
  return { count: await src.count(db, src.where({ ...filter, round_id })) };
}

/** One ballot with its poll (and what the family shows beside it), for a read-only view. */
export async function getRecord<R extends RowBase, F, Q extends F, Rec, E>(
  db: Db,
  src: RecordSource<R, F, Q, Rec, E>,
  id: number,
) {
  const row = await src.find(db, id);
  if (!row) throw fail('RECEIPT_RECORD_NOT_FOUND');
  const extras = await src.extras(db, row.vote.roundId, [row]);
  if (src.polls === false) return { ...src.map(row), ...extras };
  const [poll] = await findPollsByIds(db, row.vote.pollId === undefined ? [] : [row.vote.pollId]);
  return { ...src.map(row), poll: poll ? mapPollForm(poll) : null, ...extras };
}

/** The ballot of a 随机编号 in a company (or one vote type), with the polls it answers. */
export async function recordsByVoter<R extends RowBase, F, Q extends F, Rec, E>(
  db: Db,
  src: RecordSource<R, F, Q, Rec, E>,
  voter: string,
  scope: { companyId: number; voteTypeId?: number; roundId?: number },
) {
  const round = await roundOf(db, scope.companyId, scope.roundId);
  const { ids, submissions } = await voterSubmissions(db, src.family, voter, { ...scope, roundId: round.id });
  const rows = await src.ofSubmissions(db, ids);
  const ballots = { voter_key: voter, submissions, ballots: rows.map(src.map) };
  const extras = await src.extras(db, round.id, rows);
  if (src.polls === false) return { ...ballots, ...extras };
  const pollIds = rows.flatMap((r) => (r.vote.pollId === undefined ? [] : [r.vote.pollId]));
  const polls = await findPollsByIds(db, [...new Set(pollIds)]);
  return { ...ballots, polls: polls.map(mapPollForm), ...extras };
}
