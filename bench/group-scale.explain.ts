// EXPLAIN (ANALYZE, BUFFERS) of every statement one unit's 汇总表 and results read (issue 29), for
// bench/group-scale.ts --explain on PostgreSQL: the server's own services run in process on a pg pool
// whose query() records each statement with its parameters; each recorded statement is then explained on
// a separate connection, with the database's settings (JIT as configured) and once more with jit = off
// when JIT was used. Summarised per statement: planned vs actual rows of the top node, the worst
// misestimate of any node, planning and execution time, JIT time, shared buffers hit and read.
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
// The server's Fastify type augmentations (the services' module graph refers to them).
import type {} from '../apps/server/src/app';
import type { Db } from '../apps/server/src/db/client';
import type { appraisalResults } from '../apps/server/src/modules/results/appraisal.service';
import type { evaluationResults } from '../apps/server/src/modules/results/evaluation.service';
import type { buildUnitSummary } from '../apps/server/src/modules/summary/summary.service';

interface Recorded {
  read: string;
  text: string;
  values: unknown[];
}

interface PlanNode {
  'Node Type': string;
  'Plan Rows': number;
  'Actual Rows': number;
  'Actual Loops': number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

interface Explained {
  Plan: PlanNode;
  'Planning Time': number;
  'Execution Time': number;
  JIT?: { Functions: number; Timing: { Total: number } };
}

/** The node whose estimate is furthest from what it returned (per loop, as the planner estimates). */
function worstNode(node: PlanNode): { node: string; planned: number; actual: number; factor: number } {
  const actual = node['Actual Rows'];
  const planned = node['Plan Rows'];
  const factor = Math.max(planned, 1) / Math.max(actual, 1);
  // A node never executed (a branch the plan did not need) has no actual rows to compare.
  let worst = node['Actual Loops']
    ? { node: node['Node Type'], planned, actual, factor: factor >= 1 ? factor : 1 / factor }
    : { node: node['Node Type'], planned, actual: 0, factor: 1 };
  for (const child of node.Plans ?? []) {
    const w = worstNode(child);
    if (w.factor > worst.factor) worst = w;
  }
  return worst;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const ms = (x: number) => Math.round(x * 10) / 10;

async function explainOne(client: pg.Client, r: Recorded) {
  const run = async () => {
    const res = await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${r.text}`, r.values);
    return (res.rows[0]['QUERY PLAN'] as Explained[])[0]!;
  };
  const e = await run();
  const worst = worstNode(e.Plan);
  let jitOff: number | undefined;
  if (e.JIT) {
    await client.query('SET jit = off');
    jitOff = ms((await run())['Execution Time']);
    await client.query('RESET jit');
  }
  return {
    read: r.read,
    statement: oneLine(r.text).slice(0, 160),
    top: { node: e.Plan['Node Type'], planned_rows: e.Plan['Plan Rows'], actual_rows: e.Plan['Actual Rows'] },
    worst_estimate: { ...worst, factor: Math.round(worst.factor * 10) / 10 },
    planning_ms: ms(e['Planning Time']),
    execution_ms: ms(e['Execution Time']),
    jit: e.JIT
      ? { functions: e.JIT.Functions, total_ms: ms(e.JIT.Timing.Total), execution_ms_jit_off: jitOff }
      : 'off',
    shared_hit: e.Plan['Shared Hit Blocks'] ?? 0,
    shared_read: e.Plan['Shared Read Blocks'] ?? 0,
  };
}

/**
 * Records the statements of one unit's 汇总表 and results (both families), then explains each once. The
 * services are those of the checkout at `src` (this one, or a worktree of an older commit).
 */
export async function explainStatements(src: string, url: string, companyId: number) {
  const server = path.join(src, 'apps/server/src');
  const schema = (await import(path.join(server, 'db/schema.ts'))) as Record<string, unknown>;
  const { buildUnitSummary: summaryOf } = (await import(
    path.join(server, 'modules/summary/summary.service.ts')
  )) as { buildUnitSummary: typeof buildUnitSummary };
  const { appraisalResults: appraisalOf } = (await import(
    path.join(server, 'modules/results/appraisal.service.ts')
  )) as { appraisalResults: typeof appraisalResults };
  const { evaluationResults: evaluationOf } = (await import(
    path.join(server, 'modules/results/evaluation.service.ts')
  )) as { evaluationResults: typeof evaluationResults };
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const recorded: Recorded[] = [];
  let read = '';
  const original = pool.query.bind(pool) as (...a: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: (...a: unknown[]) => Promise<unknown> }).query = (...args: unknown[]) => {
    const [cfg, vals] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    const text = typeof cfg === 'string' ? cfg : cfg.text;
    const values = (typeof cfg === 'string' ? vals : (cfg.values ?? vals)) ?? [];
    if (/^\s*(select|with)\b/i.test(text)) recorded.push({ read, text, values });
    return original(...args);
  };
  const db = drizzle(pool, { schema }) as unknown as Db;
  try {
    read = '汇总表';
    await summaryOf(db, companyId);
    read = 'results 民主测评';
    await appraisalOf(db, companyId);
    read = 'results 民主评议';
    await evaluationOf(db, companyId);
  } finally {
    await pool.end();
  }
  // The same text read twice (e.g. the turnout rows by both results) is explained once per read.
  const seen = new Set<string>();
  const unique = recorded.filter((r) => {
    const key = `${r.read}\n${r.text}\n${JSON.stringify(r.values)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const jit = (await client.query('SHOW jit')).rows[0].jit as string;
    const statements = [];
    for (const r of unique) statements.push(await explainOne(client, r));
    for (const r of await figureStatements(client, companyId)) statements.push(await explainOne(client, r));
    return { jit_setting: jit, statements };
  } finally {
    await client.end();
  }
}

/**
 * Where the server counts a vote type's figures once when it ends (issue 29: the SQL function
 * kaoping_vote_type_figures), the function's body for one vote type of each family of the unit, with its
 * parameter bound, under the function's own settings (SET jit = off): a function call alone would show
 * only one Result node. None where the function does not exist (before).
 */
async function figureStatements(client: pg.Client, companyId: number): Promise<Recorded[]> {
  const fn = await client.query(
    `SELECT prosrc, proconfig FROM pg_proc WHERE proname = 'kaoping_vote_type_figures'`,
  );
  if (!fn.rows.length) return [];
  const body = (fn.rows[0].prosrc as string).replace(/\bvt\b/g, '$1::int');
  const settings = (fn.rows[0].proconfig as string[] | null) ?? [];
  for (const setting of settings) {
    const [name, value] = setting.split('=');
    await client.query(`SET ${name} = ${value}`);
  }
  const types = await client.query(
    `SELECT DISTINCT ON (form_category) id, form_category FROM vote_types
     WHERE company_id = $1 ORDER BY form_category, sort_order`,
    [companyId],
  );
  return types.rows.map((t) => ({
    read: `figures at 结束投票 (${t.form_category === 'democratic_appraisal' ? '民主测评' : '民主评议'}, function settings: ${settings.join(', ') || 'none'})`,
    text: body,
    values: [t.id],
  }));
}
