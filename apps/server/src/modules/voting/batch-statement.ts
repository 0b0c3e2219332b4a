import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type HotStatement, hotStatement, runHot } from '../../db/hot-statement';
import { type Family, votableSql } from './conditions';
import { ballotRowsInsert, rowTuple, type SubmissionInsert } from './statements';

// Several link-mode ballots of one vote type in ONE statement (see lanes.ts). Every condition of
// the single statement in statements.ts holds for the whole batch: the vote type is active, its
// round current, it is not closed and inside its window, in link mode without a cap, and its definition
// still has the fingerprint every ballot of the batch was checked against. Each ballot then stands
// alone: ON CONFLICT DO NOTHING skips one whose submission id or voter is taken (the caller explains
// it, as for the single statement), and its ballot rows join its own submission row by the receipt id
// (made fresh for each request, unlike the client's submission id, which a retry repeats).

/** What the statement answers for each ballot it stored. */
export interface BatchStored {
  id: string;
  receipt_id: string;
  created_ms: number;
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
                               ballot_count, total_score, receipt_id, is_test, created_at)
      SELECT b.id, vt.company_id, vt.round_id, vt.id, ${family}, b.voter, b.count, b.total, b.receipt,
             vt.test_mode, date_trunc('minute', now())
      FROM vt, jsonb_to_recordset(${sql.placeholder('ballots')}::jsonb)
           AS b(ord int, id uuid, voter text, count int, total float8, receipt text)
      ORDER BY b.ord
      ON CONFLICT DO NOTHING
      RETURNING id, company_id, round_id, vote_type_id, voter_identifier, receipt_id, is_test, created_at
    ), stored AS (${ballotRows})
    SELECT ins.id, ins.receipt_id, (extract(epoch from ins.created_at) * 1000)::float8 AS created_ms, ins.is_test
    FROM ins`;
}

// Built once per family: the text never changes, only the parameters do.
const statements = new Map<Family, HotStatement>();

function statementOf(family: Family) {
  let st = statements.get(family);
  if (!st) statements.set(family, (st = hotStatement('kaoping_submit_batch', batchStatement(family))));
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
  const st = statementOf(first.family);
  const values = fillPlaceholders(st.params, {
    linkId: first.linkId,
    fingerprint: first.fingerprint,
    ballots: JSON.stringify(ballots),
    rows: JSON.stringify(rows),
  });
  return runHot<BatchStored>(db, st, values);
}
