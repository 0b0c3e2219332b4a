import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { webDist } from '../playwright.config';
import { createCompany, expect, test, type Admin } from './fixtures';

// A voter's phone downloads the code of its own ballot family's forms only, compressed: the build's
// manifest says which files hold which forms, and the browser's requests are recorded.
test.use({ viewport: { width: 360, height: 780 } });

type ManifestEntry = { file: string; imports?: string[]; css?: string[] };
// The voter pages' own build (apps/web/vite.voter.config.ts) and its manifest.
const manifest = JSON.parse(readFileSync(path.join(webDist, '.vite/voter-manifest.json'), 'utf8')) as Record<
  string,
  ManifestEntry
>;

/** The files (scripts and styles) a module's chunk needs: its own and those of its static imports. */
function filesOf(key: string, seen = new Set<string>()): Set<string> {
  const entry = manifest[key];
  if (!entry) throw new Error(`${key} is not in the build manifest`);
  if (seen.has(entry.file)) return seen;
  seen.add(entry.file);
  for (const css of entry.css ?? []) seen.add(css);
  for (const imported of entry.imports ?? []) filesOf(imported, seen);
  return seen;
}

const appraisalFiles = filesOf('src/public/vote/appraisal-step.tsx');
const evaluationFiles = filesOf('src/public/vote/evaluation-step.tsx');
/** What every voter page loads anyway (voter.html's entry, which holds the ballot page). */
const pageFiles = filesOf('voter.html');
/** What only one family needs: the other family must never ask for it. */
const only = (a: Set<string>, b: Set<string>) => [...a].filter((f) => !b.has(f) && !pageFiles.has(f));
const appraisalOnly = only(appraisalFiles, evaluationFiles);
const evaluationOnly = only(evaluationFiles, appraisalFiles);

async function setUpUnit(admin: Admin) {
  const company = await createCompany(admin);
  for (const kind of ['company', 'person', 'cadre', 'newly_promoted']) {
    await admin.api('POST', '/polls/copy-from-template', { company_id: company.id, target_type: kind });
  }
  await admin.api('POST', '/vote-targets/', { company_id: company.id, name: company.name, type: 'company' });
  await admin.api('POST', '/vote-targets/', { company_id: company.id, name: '张建国', type: 'person' });
  await admin.api('POST', '/evaluation-subjects/', { company_id: company.id, name: '王五' });
  const voteType = async (name: string, form_category: string) =>
    (
      (await admin.api('POST', '/vote-types/', { company_id: company.id, name, form_category })) as {
        public_path: string;
      }
    ).public_path;
  return {
    appraisal: await voteType('中层干部', 'democratic_appraisal'),
    evaluation: await voteType('职工代表', 'democratic_evaluation'),
  };
}

/** Opens a voter link until its first question shows; answers the asset paths asked for and the scripts' encodings. */
async function openLink(page: Page, link: string) {
  const asked: string[] = [];
  const encodings: string[] = [];
  page.on('request', (r) => {
    const p = new URL(r.url()).pathname;
    if (p.startsWith('/assets/')) asked.push(p.slice(1));
  });
  page.on('response', async (r) => {
    if (r.request().resourceType() === 'script')
      encodings.push((await r.allHeaders())['content-encoding'] ?? '');
  });
  await page.goto(link);
  await expect(page.locator('.kp-vote-step').locator('[role=radiogroup], fieldset').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  return { asked, encodings };
}

test('a 民主测评 voter never downloads the 民主评议 forms, and the other way round', async ({
  page,
  admin,
}) => {
  expect(appraisalOnly.some((f) => f.endsWith('.js'))).toBe(true);
  expect(evaluationOnly.some((f) => f.endsWith('.js'))).toBe(true);
  const links = await setUpUnit(admin);

  const appraisal = await openLink(page, links.appraisal);
  await expect(page.getByRole('radiogroup', { name: '总体评价' })).toBeVisible();
  expect(appraisal.asked).toEqual(expect.arrayContaining(appraisalOnly));
  expect(appraisal.asked.filter((f) => evaluationOnly.includes(f))).toEqual([]);
  // Every script came compressed (brotli, as Chromium accepts it).
  expect(appraisal.encodings.length).toBeGreaterThan(2);
  expect(new Set(appraisal.encodings)).toEqual(new Set(['br']));

  const other = await page.context().newPage();
  const evaluation = await openLink(other, links.evaluation);
  await expect(other.getByText('对本单位选人用人工作的总体评价')).toBeVisible();
  expect(evaluation.asked).toEqual(expect.arrayContaining(evaluationOnly));
  expect(evaluation.asked.filter((f) => appraisalOnly.includes(f))).toEqual([]);
});
