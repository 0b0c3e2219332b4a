// The baseline of bench/ballots.ts: the same rows (one submission + one vote row per target) inserted
// straight through the driver, with no HTTP, no validation and no ORM, at the same concurrency.
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { runHotOn, type HotStatement } from '../apps/server/src/db/hot-statement';
import { newVoter, randomBallot, type BallotRow } from './ballots-bodies';
import type { BenchCompany } from './ballots-server';

type Query = (text: string, params: unknown[]) => Promise<unknown>;

export interface Driver {
  query: Query;
  /** Runs fn inside BEGIN … COMMIT on one connection. */
  transaction(fn: (q: Query) => Promise<void>): Promise<void>;
  /** Runs a statement prepared once (per connection on pg, once on PGlite), as the server's hot path does. */
  prepared(st: HotStatement, values: unknown[]): Promise<unknown>;
  close(): Promise<void>;
}

/** The server's own runner of prepared statements, on this driver's client. */
const preparedOn = (client: pg.Pool | PGlite) => (st: HotStatement, values: unknown[]) =>
  runHotOn(client, st, values);

export function pgDriver(url: string, poolSize: number): Driver {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection closed by the server (the database is dropped at the end) is not a failure.
  pool.on('error', () => undefined);
  return {
    query: (text, params) => pool.query(text, params),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await fn((text, params) => client.query(text, params));
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    prepared: preparedOn(pool),
    close: () => pool.end(),
  };
}

export async function pgliteDriver(dataDir: string): Promise<Driver> {
  const db = await PGlite.create(dataDir);
  return {
    query: (text, params) => db.query(text, params),
    transaction: (fn) => db.transaction((tx) => fn((text, params) => tx.query(text, params))),
    prepared: preparedOn(db),
    close: () => db.close(),
  };
}

/** The company and its vote type, with the round the vote type belongs to (read from the database). */
type Target = BenchCompany & { roundId: number };

const SUBMISSION = `INSERT INTO submissions (id, company_id, round_id, vote_type_id, form_category, voter_identifier,
  ballot_count, total_score) VALUES ($1, $2, $7, $3, 'democratic_appraisal', $4, $5, $6)`;

/** BEGIN; INSERT the submission; INSERT all vote rows in one multi-row VALUES; COMMIT. */
async function insertAsTransaction(d: Driver, c: Target, rows: BallotRow[]) {
  const id = randomUUID();
  const voter = newVoter();
  const total = rows.reduce((a, r) => a + Math.round(r.score * 10), 0) / 10;
  const values: unknown[] = [];
  const tuples = rows.map((r) => {
    const n = values.push(
      id,
      c.companyId,
      c.roundId,
      c.voteTypeId,
      r.poll_id,
      r.target_id,
      voter,
      JSON.stringify(r.answers),
      r.score,
    );
    return `(${Array.from({ length: 9 }, (_, i) => `$${n - 8 + i}`).join(', ')})`;
  });
  await d.transaction(async (q) => {
    await q(SUBMISSION, [id, c.companyId, c.voteTypeId, voter, rows.length, total, c.roundId]);
    await q(
      `INSERT INTO votes (submission_id, company_id, round_id, vote_type_id, poll_id, target_id, voter_identifier, answers, score)
       VALUES ${tuples.join(', ')}`,
      values,
    );
  });
}

/** The same rows in one statement (a data-modifying CTE): one round trip, atomic on its own. */
const ONE_STATEMENT = `WITH s AS (${SUBMISSION} RETURNING id, created_at)
  INSERT INTO votes (submission_id, company_id, round_id, vote_type_id, poll_id, target_id, voter_identifier, answers,
                     score, created_at)
  SELECT s.id, $2, $7, $3, r.poll_id, r.target_id, $4, r.answers, r.score, s.created_at
  FROM s, jsonb_to_recordset($8::jsonb) AS r(poll_id int, target_id int, answers jsonb, score float8)`;

const oneStatementValues = (c: Target, rows: BallotRow[]) => [
  randomUUID(),
  c.companyId,
  c.voteTypeId,
  newVoter(),
  rows.length,
  rows.reduce((a, r) => a + Math.round(r.score * 10), 0) / 10,
  c.roundId,
  JSON.stringify(rows),
];

/** Parsed and planned on every call, like any parameterised query. */
async function insertAsOneStatement(d: Driver, c: Target, rows: BallotRow[]) {
  await d.query(ONE_STATEMENT, oneStatementValues(c, rows));
}

// Its parameters' types, spelt out where PREPARE (PGlite) cannot infer them from the text alone.
const PREPARED: HotStatement = {
  name: 'bench_direct_one',
  text: ONE_STATEMENT.replace('$1, $2, $7, $3', '$1::uuid, $2::int, $7::int, $3::int').replace(
    "'democratic_appraisal', $4, $5, $6)",
    "'democratic_appraisal', $4::text, $5::int, $6::float8)",
  ),
  params: [],
};

/** The same statement prepared once and executed per ballot: what the server's submission does. */
async function insertAsPrepared(d: Driver, c: Target, rows: BallotRow[]) {
  await d.prepared(PREPARED, oneStatementValues(c, rows));
}

export const DIRECT_METHODS = {
  transaction: insertAsTransaction,
  one_statement: insertAsOneStatement,
  prepared: insertAsPrepared,
};

function percentile(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
}

/** `concurrency` workers insert ballots back to back for `seconds`; answers rate and latency. */
export async function runDirect(
  d: Driver,
  company: BenchCompany,
  method: keyof typeof DIRECT_METHODS,
  concurrency: number,
  seconds: number,
  databaseCpuMs?: () => number,
) {
  const ballots = Array.from({ length: 200 }, () => randomBallot(company));
  const insert = DIRECT_METHODS[method];
  const found = (await d.query('SELECT round_id FROM vote_types WHERE id = $1', [company.voteTypeId])) as {
    rows: { round_id: number }[];
  };
  const target = { ...company, roundId: found.rows[0]!.round_id };
  const latencies: number[] = [];
  let errors = 0;
  let firstError: unknown;
  const cpu0 = process.cpuUsage();
  const db0 = databaseCpuMs?.();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async (w: number) => {
    for (let i = w; performance.now() < deadline; i += concurrency) {
      const t0 = performance.now();
      try {
        await insert(d, target, ballots[i % ballots.length]!);
        latencies.push(performance.now() - t0);
      } catch (err) {
        errors++;
        firstError ??= err;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
  // A baseline that stores nothing would make any ratio meaningless.
  if (latencies.length === 0) throw new Error(`direct ${method}: every insert failed`, { cause: firstError });
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const dbMs = db0 === undefined ? undefined : databaseCpuMs!() - db0;
  latencies.sort((a, b) => a - b);
  const perBallot = (ms: number) => Math.round((ms / Math.max(1, latencies.length)) * 1000) / 1000;
  return {
    method,
    ballots: latencies.length,
    ballots_per_s: Math.round(latencies.length / elapsed),
    p50_ms: Math.round(percentile(latencies, 50) * 10) / 10,
    p99_ms: Math.round(percentile(latencies, 99) * 10) / 10,
    errors,
    /** This process: the driver's work, and on PGlite the database's too (it runs in-process). */
    client_cpu_ms_per_ballot: perBallot((cpu.user + cpu.system) / 1000),
    postgres_cpu_ms_per_ballot: dbMs === undefined ? undefined : perBallot(dbMs),
  };
}
