// Issues 13 and 29: what a voter's phone moves and waits for on a slow hall Wi-Fi, and whether 200 phones
// downloading a cover at once hold up the server. Prints JSON.
//
//   npx tsx bench/voter-page.ts                                  # this checkout
//   BENCH_APP_ROOT=/path/to/other/checkout npx tsx bench/voter-page.ts   # e.g. an older commit
//
// BENCH_RUNS (default 3) page loads per case, the median reported; BENCH_SKIP_BUILD=1 reuses the build;
// BENCH_PARTS=pages or =downloads runs one half; BENCH_PHONE_KBPS (default 2000) is each phone's speed.
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { downloadsWhilePolling } from './cover-downloads';
import { buildApp, startApp } from './voter-page-app';
import { launch, loadVoterPage, NETWORK, type PageLoad } from './voter-page-browser';
import { setUpUnit, type BenchUnit } from './voter-page-setup';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(process.env.BENCH_APP_ROOT ?? path.join(here, '..'));
const runs = Number(process.env.BENCH_RUNS ?? 3);
const parts = (process.env.BENCH_PARTS ?? 'pages,downloads').split(',');
/** A phone's share of a busy hall Wi-Fi: 200 of them take 400 Mbit/s together. */
const phoneKbps = Number(process.env.BENCH_PHONE_KBPS ?? 2000);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The JavaScript files a voter page fetched, gzipped (level 9) from the build: their sum in KB. */
function gzippedJsKb(assets: readonly string[]) {
  const dir = path.join(root, 'apps/web/dist-bench-voter/assets');
  const js = assets.filter((a) => a.endsWith('.js'));
  const bytes = js.reduce(
    (sum, a) => sum + gzipSync(readFileSync(path.join(dir, a)), { level: 9 }).length,
    0,
  );
  return Math.round(bytes / 102.4) / 10;
}

function summarise(loads: PageLoad[]) {
  const byTime = [...loads].sort((a, b) => a.first_question_ms - b.first_question_ms);
  const mid = byTime[Math.floor(byTime.length / 2)]!;
  return {
    first_question_ms: median(loads.map((l) => l.first_question_ms)),
    cover_shown_ms: mid.cover_shown_ms === null ? null : median(loads.map((l) => l.cover_shown_ms ?? 0)),
    kilobytes: Math.round(median(loads.map((l) => l.bytes)) / 1024),
    kilobytes_before_first_question:
      Math.round(median(loads.map((l) => l.bytes_before_first_question)) / 102.4) / 10,
    requests: median(loads.map((l) => l.requests)),
    javascript_gzip_kb: gzippedJsKb(mid.assets),
    assets: mid.assets,
    /** Bytes on the wire, headers included, of each request of the median load. */
    wire: mid.wire,
  };
}

/** Each family's voter page, with and without a cover, `runs` times each in a fresh browser context. */
async function measurePages(url: string, unit: BenchUnit) {
  const pages: Record<string, ReturnType<typeof summarise>> = {};
  const browser = await launch();
  try {
    for (const [name, link, withCover] of [
      ['appraisal', unit.links.appraisal, false],
      ['appraisal_with_cover', unit.links.appraisalCover, true],
      ['evaluation', unit.links.evaluation, false],
      ['evaluation_with_cover', unit.links.evaluationCover, true],
    ] as const) {
      const loads: PageLoad[] = [];
      for (let i = 0; i < runs; i++)
        loads.push(await loadVoterPage(browser, `${url}/vote/type/${link}`, withCover));
      pages[name] = summarise(loads);
    }
  } finally {
    await browser.close();
  }
  return pages;
}

buildApp(root);
const app = await startApp(root);
try {
  const unit = await setUpUnit(app.url);
  const pages = parts.includes('pages') ? await measurePages(app.url, unit) : null;
  const cover = (link: string) => `/api/v1/public/polls/vote-type/${link}/cover/front`;
  const [image, pdf] = [cover(unit.links.appraisalCover), cover(unit.links.bigPdf)];
  const downloads = parts.includes('downloads')
    ? {
        image_cover_phones: await downloadsWhilePolling(app.url, image, 200, app.pid, phoneKbps),
        pdf_10mb_phones: await downloadsWhilePolling(app.url, pdf, 200, app.pid, phoneKbps),
        image_cover_flood: await downloadsWhilePolling(app.url, image, 200, app.pid, 0),
        pdf_10mb_flood: await downloadsWhilePolling(app.url, pdf, 200, app.pid, 0),
      }
    : null;
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim();
  console.log(
    JSON.stringify(
      {
        commit,
        database: 'pglite',
        network: NETWORK,
        cover_uploaded_bytes: unit.coverBytes,
        runs,
        pages,
        downloads,
        machine: { cpus: cpus().length, load_average: loadavg().map((n) => Math.round(n * 10) / 10) },
        // Issue 13's were 4 s and 150 KB; issue 29's: 3 s and 60 KB before the first question.
        targets: { first_question_ms: 3000, kilobytes_before_first_question: 60, health_p99_ms: 200 },
      },
      null,
      2,
    ),
  );
} finally {
  await app.stop();
}
