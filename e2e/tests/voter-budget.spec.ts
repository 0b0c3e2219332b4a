import { readFileSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { webDist } from '../playwright.config';
import { createCompany, expect, test, type Admin } from './fixtures';

// Issue 29: a voter's phone moves at most 60 KB before the first question: the page with its ballot,
// the voter build's scripts and styles, and the family's forms, each as the server sends it to a phone
// (brotli). The files come from the voter build's manifest; the page from the server, for a unit set up
// as the voter page benchmark sets it up (bench/voter-page-setup.ts). Then a phone opens the link: it asks
// for nothing else before the first question, and not for the ballot (it is in the page).
test.use({ viewport: { width: 360, height: 780 } });

const BUDGET = 60 * 1024;

type ManifestEntry = { file: string; imports?: string[]; css?: string[] };
const manifest = JSON.parse(readFileSync(path.join(webDist, '.vite/voter-manifest.json'), 'utf8')) as Record<
  string,
  ManifestEntry
>;

/** A module's chunk, its static imports' chunks and their styles. */
function filesOf(key: string, seen = new Set<string>()): Set<string> {
  const entry = manifest[key];
  if (!entry) throw new Error(`${key} is not in the voter build's manifest`);
  if (seen.has(entry.file)) return seen;
  seen.add(entry.file);
  for (const css of entry.css ?? []) seen.add(css);
  for (const imported of entry.imports ?? []) filesOf(imported, seen);
  return seen;
}

/** The bytes a phone gets for a built file: its brotli copy (the server sends the original when none was smaller). */
function sentBytes(file: string) {
  const full = path.join(webDist, file);
  try {
    return statSync(`${full}.br`).size;
  } catch {
    return statSync(full).size;
  }
}

/** A page as a phone receives it: the body's bytes on the wire (brotli) and the text. */
function fetchPage(url: string): Promise<{ wire: number; encoding: string | undefined; status: number }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }, (res) => {
      let wire = 0;
      res.on('data', (chunk: Buffer) => (wire += chunk.length));
      res.on('end', () =>
        resolve({ wire, encoding: res.headers['content-encoding'], status: res.statusCode ?? 0 }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function setUpUnit(admin: Admin) {
  const company = await createCompany(admin);
  for (const kind of ['company', 'person', 'cadre', 'newly_promoted']) {
    await admin.api('POST', '/polls/copy-from-template', { company_id: company.id, target_type: kind });
  }
  await admin.api('POST', '/vote-targets/', { company_id: company.id, name: company.name, type: 'company' });
  const people = ['张建国', '李秀英', '王志强', '刘芳', '陈伟', '杨静', '赵磊', '黄丽'];
  for (const name of people) {
    await admin.api('POST', '/vote-targets/', {
      company_id: company.id,
      name,
      type: 'person',
      title: '副总经理',
    });
  }
  for (const name of ['周敏', '吴刚', '徐婷', '孙浩', '马琳', '朱军']) {
    await admin.api('POST', '/evaluation-subjects/', {
      company_id: company.id,
      name,
      birth_date: '1985-06',
      previous_position: '综合办公室副主任',
      current_position: '综合办公室主任',
    });
  }
  const voteType = async (name: string, form_category: string) =>
    (
      (await admin.api('POST', '/vote-types/', { company_id: company.id, name, form_category })) as {
        public_path: string;
      }
    ).public_path;
  return {
    democratic_appraisal: await voteType('中层干部', 'democratic_appraisal'),
    democratic_evaluation: await voteType('职工代表', 'democratic_evaluation'),
  };
}

const FAMILY_STEPS = {
  democratic_appraisal: 'src/public/vote/appraisal-step.tsx',
  democratic_evaluation: 'src/public/vote/evaluation-step.tsx',
} as const;

test('a voter link moves at most 60 KB before its first question, the ballot in the page', async ({
  page,
  admin,
  baseURL,
}) => {
  const links = await setUpUnit(admin);
  const entry = filesOf('voter.html');
  for (const [family, module] of Object.entries(FAMILY_STEPS) as [keyof typeof links, string][]) {
    const files = new Set([...entry, ...filesOf(module)]);
    const html = await fetchPage(`${baseURL}${links[family]}`);
    expect(html.status).toBe(200);
    expect(html.encoding).toBe('br');
    const assets = [...files].reduce((sum, f) => sum + sentBytes(f), 0);
    const total = html.wire + assets;
    test.info().annotations.push({
      type: family,
      description: `page ${html.wire} B + ${files.size} files ${assets} B = ${total} B (budget ${BUDGET} B)`,
    });
    expect(total, `${family}: page ${html.wire} B + files ${assets} B`).toBeLessThanOrEqual(BUDGET);

    // What a phone really fetches before the first question is within what was counted above.
    const asked: string[] = [];
    const ballotRequests: string[] = [];
    const onRequest = (r: { url(): string }) => {
      const p = new URL(r.url()).pathname;
      if (p.startsWith('/assets/')) asked.push(p.slice(1));
      if (p.startsWith('/api/v1/public/polls/vote-type/')) ballotRequests.push(p);
    };
    page.on('request', onRequest);
    await page.goto(links[family]);
    await expect(page.locator('.kp-vote-step').locator('[role=radiogroup], fieldset').first()).toBeVisible();
    page.off('request', onRequest);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.filter((f) => !files.has(f))).toEqual([]);
    expect(ballotRequests).toEqual([]);
  }
});
