// Reports benchmark (issue 15): time to build the printable report (PDF, .docx) and the xlsx with its
// 汇总表 sheets for one unit of 30 targets and 3,000 voters (5 voter groups), and the cross-unit
// rankings over 50 units, in process on PGlite (the same services the routes call). Prints JSON.
//   npx tsx bench/reports.ts      (from the repo root; BENCH_VOTERS / BENCH_UNITS scale it)
import { PassThrough } from 'node:stream';
// The app's declaration merging (request.admin, request.audit) for the services imported below.
import type {} from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/client';
import { ephemeralKeys } from '../apps/server/src/lib/keys';
import { reportDocx } from '../apps/server/src/lib/report/report-docx';
import { reportPdf } from '../apps/server/src/lib/report/report-pdf';
import { rankingsOf } from '../apps/server/src/modules/rankings/rankings.service';
import { prepareReport, prepareSummaryXlsx } from '../apps/server/src/modules/reports/report.service';
import { buildUnitSummary } from '../apps/server/src/modules/summary/summary.service';
import { seedAppraisal, type Exec } from './results.seed';

const VOTERS = Number(process.env.BENCH_VOTERS ?? 3000);
const UNITS = Number(process.env.BENCH_UNITS ?? 50);

const ms = async <T>(f: () => Promise<T>) => {
  const t = performance.now();
  const value = await f();
  return { ms: Math.round(performance.now() - t), value };
};

/** Who prints: keys of this run (the workbook carries a 核验码), no account. */
const printer = { keys: ephemeralKeys(), userId: null };

async function xlsxBytes(db: Parameters<typeof prepareSummaryXlsx>[0], companyId: number) {
  const job = await prepareSummaryXlsx(db, printer, companyId, 'democratic_appraisal');
  const out = new PassThrough();
  let bytes = 0;
  out.on('data', (c: Buffer) => (bytes += c.length));
  const done = new Promise((r) => out.on('end', r));
  await job.write(out);
  await done;
  return bytes;
}

const database = await openDatabase({});
const db = database.db;
const client = (db as unknown as { $client: { query: Exec } }).$client;
const exec: Exec = (q, p) => client.query(q, p);
const seed = await ms(() => seedAppraisal(exec, { voters: VOTERS, voteTypes: 5, targets: 30 }));
const unit = seed.value.companyId;
const summary = await ms(() => buildUnitSummary(db, unit));
const pdf = await ms(async () => reportPdf((await prepareReport(db, unit)).doc));
const docx = await ms(async () => reportDocx((await prepareReport(db, unit)).doc));
const xlsx = await ms(() => xlsxBytes(db, unit));
for (let i = 1; i < UNITS; i++) await seedAppraisal(exec, { voters: 60, voteTypes: 3, targets: 12, seed: i });
const year = (await client.query('SELECT year FROM rounds LIMIT 1')).rows[0]!.year as number;
const rankings = await ms(() => rankingsOf(db, null, year));
console.log(
  JSON.stringify(
    {
      unit: { targets: 30, voters: VOTERS, voter_groups: 5, seed_ms: seed.ms },
      summary_ms: summary.ms,
      pdf: { ms: pdf.ms, bytes: pdf.value.length },
      docx: { ms: docx.ms, bytes: docx.value.length },
      xlsx_appraisal: { ms: xlsx.ms, bytes: xlsx.value },
      rankings: {
        units: rankings.value.units.length,
        leaders: rankings.value.leaders.length,
        ms: rankings.ms,
      },
    },
    null,
    2,
  ),
);
await database.close();
