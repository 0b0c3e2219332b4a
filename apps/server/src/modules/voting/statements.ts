import { fillPlaceholders, type Placeholder, sql, type SQL } from 'drizzle-orm';
import { ballotDate, randomVoterKey } from '../../db/ballot-defaults';
import { type Db, rowsOf } from '../../db/client';
import { type HotStatement, hotStatement, runHot } from '../../db/hot-statement';
import { codeCtes } from '../ballot-codes/ballot-codes.repository';
import { capSql, type Family, votableSql } from './conditions';

export type { Family };

export interface SubmissionInsert {
  id: string;
  linkId: string;
  family: Family;
  /** The browser's identifier: stored in link mode. */
  voterIdentifier: string;
  /** A fresh server-made value, unrelated to the code: stored in codes mode. */
  codeVoter: string;
  /** The normalised one-time code, or null (link mode, or none sent). */
  code: string | null;
  receiptId: string;
  /** 'online', or 'paper' for a sheet keyed by an admin (modules/paper): the only difference. */
  source: 'online' | 'paper';
  /** The access mode of the definition the ballot was checked against. */
  mode: 'link' | 'codes';
  fingerprint: string;
  totalScore: number | null;
  rows: BallotRowInsert[];
}

/** A ballot row: a poll's answers (民主测评, 民主评议), or one post's (民主推荐) with how it counts. */
export type BallotRowInsert =
  | { pollId: number; targetId: number | null; kind: string; answers: unknown; score: number | null }
  | { postId: number; status: string; answers: unknown };

type Param = keyof Omit<SubmissionInsert, 'family'> | 'count' | 'mode';
type ParamOf = (name: Param) => SQL | Placeholder;

/**
 * The submission statement of a family; `p` gives each varying value (a placeholder for the prepared
 * statement, the value itself for the capped path). The vote type row is read FOR KEY SHARE: closing,
 * reopening, going formal and changing the mode lock it FOR UPDATE, so a ballot either commits before
 * such a change or waits, re-reads the row and is refused. The ballot keeps its day in Beijing time, never
 * its time, and a random 随机编号 (voter_key) that its ballot rows copy; their ids are random by default
 * (db/ballot-defaults.ts, issue 26): nothing stored follows the order of arrival.
 */
function submissionStatement(family: Family, p: ParamOf, counted: boolean): SQL {
  const paper = sql`${p('source')}::text = 'paper'`;
  const codes = codeCtes(sql`${p('code')}::text`, paper);
  const ballotRows = ballotRowsInsert(family, p('rows'), false);
  return sql`
    WITH vt AS (
      SELECT v.id, v.company_id, v.round_id, v.access_mode, v.test_mode FROM vote_types v
      WHERE ${votableSql({
        family,
        linkId: p('linkId'),
        fingerprint: p('fingerprint'),
        mode: p('mode'),
        paper,
      })}
        AND ${capSql(counted)}
      FOR KEY SHARE OF v
    ), code AS (${codes.code}
    ), ins AS (
      INSERT INTO submissions (id, company_id, round_id, vote_type_id, form_category, voter_identifier,
                               voter_key, ballot_count, total_score, receipt_id, source, is_test, created_at)
      SELECT ${p('id')}::uuid, vt.company_id, vt.round_id, vt.id, ${family},
             CASE WHEN vt.access_mode = 'codes' THEN ${p('codeVoter')}::text ELSE ${p('voterIdentifier')}::text END,
             ${randomVoterKey}, ${p('count')}::int, ${p('totalScore')}::float8, ${p('receiptId')}::text,
             ${p('source')}::text, vt.test_mode, ${ballotDate}
      FROM vt
      WHERE (vt.access_mode = 'link' OR EXISTS (SELECT 1 FROM code))
        AND NOT EXISTS (SELECT 1 FROM retired_submissions r WHERE r.id = ${p('id')}::uuid)
      ON CONFLICT DO NOTHING
      RETURNING id, company_id, round_id, vote_type_id, voter_identifier, voter_key, is_test, created_at
    ), used AS (${codes.used}
    ), stored AS (${ballotRows})
    SELECT ins.created_at::text AS voted_on, ins.is_test
    FROM ins`;
}

// Built once per family: the text never changes, only the parameters do.
const statements = new Map<Family, HotStatement>();

function statementOf(family: Family) {
  let st = statements.get(family);
  if (!st) {
    st = hotStatement(
      'kaoping_submit',
      submissionStatement(family, (name) => sql.placeholder(name), false),
    );
    statements.set(family, st);
  }
  return st;
}

/**
 * The ballot rows' INSERT of a family, reading each row of the `rows` parameter (rowTuple's arrays, in
 * their order) beside the submission row `ins`. The single statement has one submission; the batch
 * (batch-statement.ts) joins each row to its own by the receipt id at the row's head.
 */
export function ballotRowsInsert(family: Family, rows: SQL | Placeholder, byReceipt: boolean): SQL {
  const elements = sql`jsonb_array_elements(${rows}::jsonb) WITH ORDINALITY AS r(v, ord)`;
  const from = byReceipt ? sql`ins JOIN ${elements} ON r.v->>0 = ins.receipt_id` : sql`ins, ${elements}`;
  if (family === 'democratic_recommendation') {
    // No voter identifier: the submission's random 随机编号 only (voter_key).
    return sql`INSERT INTO recommendation_votes (submission_id, company_id, round_id, vote_type_id, post_id,
                                                 status, answers, voter_key, is_test, created_at)
          SELECT ins.id, ins.company_id, ins.round_id, ins.vote_type_id, (r.v->>1)::int, r.v->>2, r.v->3,
                 ins.voter_key, ins.is_test, ins.created_at
          FROM ${from}
          ORDER BY r.ord`;
  }
  return family === 'democratic_appraisal'
    ? sql`INSERT INTO votes (submission_id, company_id, round_id, vote_type_id, poll_id, target_id,
                             voter_identifier, voter_key, answers, score, is_test, created_at)
          SELECT ins.id, ins.company_id, ins.round_id, ins.vote_type_id, (r.v->>1)::int, (r.v->>2)::int,
                 ins.voter_identifier, ins.voter_key, r.v->4, (r.v->>3)::float8, ins.is_test, ins.created_at
          FROM ${from}
          ORDER BY r.ord`
    : sql`INSERT INTO cadre_votes (submission_id, company_id, round_id, vote_type_id, poll_id, poll_kind,
                                   voter_identifier, voter_key, answers, is_test, created_at)
          SELECT ins.id, ins.company_id, ins.round_id, ins.vote_type_id, (r.v->>1)::int, r.v->>2,
                 ins.voter_identifier, ins.voter_key, r.v->3, ins.is_test, ins.created_at
          FROM ${from}
          ORDER BY r.ord`;
}

/**
 * A ballot row as the statements read it: a JSON array by position (receipt, poll, then the target and
 * score or the poll kind, then the answers; 民主推荐: receipt, post, status, answers), not an object, since the parameter's bytes are most of what
 * the driver sends and PostgreSQL parses for a ballot. `receipt` is the batch's join key (null alone).
 */
export function rowTuple(family: Family, r: BallotRowInsert, receipt: string | null) {
  if ('postId' in r) return [receipt, r.postId, r.status, r.answers];
  return family === 'democratic_appraisal'
    ? [receipt, r.pollId, r.targetId, r.score, r.answers]
    : [receipt, r.pollId, r.kind, r.answers];
}

function valuesOf(s: SubmissionInsert) {
  const rows = JSON.stringify(s.rows.map((r) => rowTuple(s.family, r, null)));
  return { ...s, rows, count: s.rows.length };
}

/** A stored ballot: the day it was cast ('YYYY-MM-DD', Beijing time) and whether it is a test ballot. */
export interface Stored {
  voted_on: string;
  is_test: boolean;
}

/**
 * Stores a whole ballot in ONE statement (one round trip, atomic, no explicit transaction): the
 * submission row and every ballot row, only if every voting condition on the vote type holds right now
 * (conditions.ts votableSql) and, in codes mode, the code is unused (it is consumed in the same
 * statement). A vote type capped by expected_voters in link mode is refused here: it goes through
 * insertCapped. Only store-ballot.ts calls it.
 * ON CONFLICT DO NOTHING covers both the submission id and (vote type, voter): a concurrent insert of
 * the same key waits for the other to commit and then inserts nothing (and consumes no code). The id of a
 * test ballot deleted by 转为正式投票 (retired_submissions) stores nothing either (cast-ballot's replayOf
 * tells it). Returns
 * undefined when nothing was stored; the caller then looks up why. It runs as a prepared statement
 * (see db/hot-statement.ts).
 */
export async function insertSubmission(db: Db, s: SubmissionInsert): Promise<Stored | undefined> {
  const st = statementOf(s.family);
  const values = fillPlaceholders(st.params, valuesOf(s));
  const [row] = await runHot<Stored>(db, st, values);
  return row;
}

/**
 * The same statement inside the caller's transaction, which holds the vote type row: the statement itself
 * counts the ballots against the cap of expected_voters (link mode), so the count cannot go stale.
 */
export async function insertCapped(tx: Db, s: SubmissionInsert): Promise<Stored | undefined> {
  const values = valuesOf(s);
  const [row] = await rowsOf<Stored>(
    tx,
    submissionStatement(s.family, (name) => sql`${values[name as keyof typeof values]}`, true),
  );
  return row;
}

// —— The group commit's statement ——
// Several link-mode ballots of one vote type in ONE statement (see lanes.ts). Every condition of
// the single statement above holds for the whole batch: the vote type is active, its
// round current, it is not closed and inside its window, in link mode without a cap, and its definition
// still has the fingerprint every ballot of the batch was checked against. Each ballot then stands
// alone: ON CONFLICT DO NOTHING skips one whose submission id or voter is taken (the caller explains
// it, as for the single statement), and its ballot rows join its own submission row by the receipt id
// (made fresh for each request, unlike the client's submission id, which a retry repeats).

/** What the statement answers for each ballot it stored. */
export interface BatchStored {
  id: string;
  receipt_id: string;
  voted_on: string;
  is_test: boolean;
}

function batchStatement(family: Family): SQL {
  const ballotRows = ballotRowsInsert(family, sql.placeholder('rows'), true);
  return sql`
    WITH vt AS (
      SELECT v.id, v.company_id, v.round_id, v.test_mode FROM vote_types v
      WHERE ${votableSql({
        family,
        linkId: sql.placeholder('linkId'),
        fingerprint: sql.placeholder('fingerprint'),
        mode: sql`'link'`,
        paper: sql`false`,
      })}
        AND v.expected_voters IS NULL
      FOR KEY SHARE OF v
    ), ins AS (
      INSERT INTO submissions (id, company_id, round_id, vote_type_id, form_category, voter_identifier,
                               voter_key, ballot_count, total_score, receipt_id, is_test, created_at)
      SELECT b.id, vt.company_id, vt.round_id, vt.id, ${family}, b.voter, ${randomVoterKey}, b.count,
             b.total, b.receipt, vt.test_mode, ${ballotDate}
      FROM vt, jsonb_to_recordset(${sql.placeholder('ballots')}::jsonb)
           AS b(ord int, id uuid, voter text, count int, total float8, receipt text)
      WHERE NOT EXISTS (SELECT 1 FROM retired_submissions r WHERE r.id = b.id)
      ORDER BY b.ord
      ON CONFLICT DO NOTHING
      RETURNING id, company_id, round_id, vote_type_id, voter_identifier, voter_key, receipt_id, is_test, created_at
    ), stored AS (${ballotRows})
    SELECT ins.id, ins.receipt_id, ins.created_at::text AS voted_on, ins.is_test
    FROM ins`;
}

const batchStatements = new Map<Family, HotStatement>();

function batchStatementOf(family: Family) {
  let st = batchStatements.get(family);
  if (!st) batchStatements.set(family, (st = hotStatement('kaoping_submit_batch', batchStatement(family))));
  return st;
}

/**
 * Stores the ballots that can be stored, in one statement; every ballot must be of the same link,
 * family and fingerprint. Answers the rows stored (a ballot left out stored nothing).
 */
export async function insertSubmissionBatch(db: Db, batch: SubmissionInsert[]): Promise<BatchStored[]> {
  const first = batch[0]!;
  const ballots = batch.map((s, ord) => ({
    ord,
    id: s.id,
    voter: s.voterIdentifier,
    count: s.rows.length,
    total: s.totalScore,
    receipt: s.receiptId,
  }));
  const rows = batch.flatMap((s) => s.rows.map((r) => rowTuple(first.family, r, s.receiptId)));
  const st = batchStatementOf(first.family);
  const values = fillPlaceholders(st.params, {
    linkId: first.linkId,
    fingerprint: first.fingerprint,
    ballots: JSON.stringify(ballots),
    rows: JSON.stringify(rows),
  });
  return runHot<BatchStored>(db, st, values);
}
