// 汇总表 benchmark (issue 15): buildUnitSummary in-process on PGlite (and PostgreSQL with
// BENCH_DATABASE_URL) for two units stored straight through the driver (results.seed.ts): 30 targets ×
// 3,000 voters over 3 voter groups, and 500 targets × 10 voter groups (200 voters). Prints JSON.
//   npx tsx bench/summary.ts
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
// The server's Fastify type augmentations (the service's module graph refers to them).
import type {} from '../apps/server/src/app';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { buildUnitSummary } from '../apps/server/src/modules/summary/summary.service';
import { seedAppraisal, type Exec } from './results.seed';
import { withScratchDatabase } from './scratch-postgres';

const UNITS = [
  { name: '30 targets × 3,000 voters × 3 groups', voters: 3000, voteTypes: 3, targets: 30 },
  { name: '500 targets × 200 voters × 10 groups', voters: 200, voteTypes: 10, targets: 500 },
];
const CALLS = Number(process.env.BENCH_CALLS ?? 5);

async function time(database: Database, companyId: number) {
  const ms: number[] = [];
  let rows = 0;
  for (let i = 0; i < CALLS; i++) {
    const t = performance.now();
    const s = await buildUnitSummary(database.db, companyId);
    ms.push(performance.now() - t);
    rows = s.appraisal.sections.reduce((a, x) => a + x.targets.length, 0);
  }
  ms.sort((a, b) => a - b);
  return {
    targets: rows,
    median_ms: Math.round(ms[Math.floor(ms.length / 2)]!),
    max_ms: Math.round(ms.at(-1)!),
  };
}

/**
 * Seeds both units through a raw client (`exec`, closed by `end`), then times buildUnitSummary through
 * the app's database layer opened afterwards.
 */
async function seedAndTime(exec: Exec, end: () => Promise<unknown>, open: () => Promise<Database>) {
  const seeded = [];
  for (const u of UNITS) seeded.push({ ...u, ...(await seedAppraisal(exec, u)) });
  await exec('ANALYZE');
  await end();
  const database = await open();
  try {
    const result = [];
    for (const s of seeded)
      result.push({ unit: s.name, ballots: s.ballots, ...(await time(database, s.companyId)) });
    return result;
  } finally {
    await database.close();
  }
}

async function runPglite() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kaoping-bench15-'));
  try {
    await (await openDatabase({ dataDir })).close();
    const raw = await PGlite.create(path.join(dataDir, 'pglite'));
    return await seedAndTime(
      ((q, p) => raw.query(q, p)) as Exec,
      () => raw.close(),
      () => openDatabase({ dataDir }),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const runPostgres = (adminUrl: string) =>
  withScratchDatabase(adminUrl, 'kaoping_bench15', async (url) => {
    await (await openDatabase({ url })).close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return seedAndTime(
      ((q, p) => client.query(q, p)) as Exec,
      () => client.end(),
      () => openDatabase({ url }),
    );
  });

const out: Record<string, unknown> = { calls: CALLS, pglite: await runPglite() };
if (process.env.BENCH_DATABASE_URL) out.postgres = await runPostgres(process.env.BENCH_DATABASE_URL);
console.log(JSON.stringify(out, null, 2));
