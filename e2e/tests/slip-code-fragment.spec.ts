import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request as apiRequest, type APIRequestContext, type Page } from '@playwright/test';
import { REGISTRATION_CODE, webDist } from '../playwright.config';
import { expect, fillStep, nextStep, test, uniq } from './fixtures';
import { shot } from './phone';

// Issue 26, "Nothing a voter holds travels in a URL", on a phone (360 px): a slip's QR opens
// /vote/type/{link}#code=…, the voter votes, and the server's own log (an instance of its own here,
// logging at info as in production, its output captured) holds no code, no voter id, no receipt id or
// code and no address of the voter. An old slip's ?code= works too, and leaves the address at once.
/** Screenshots for the notes (outside the repository). */
const SHOTS = '/work/shots/secret-urls';

test.use({ viewport: { width: 360, height: 780 } });

const serverEntry =
  process.env.E2E_SERVER_ENTRY ?? path.resolve(import.meta.dirname, '../../apps/server/dist/main.js');

let server: ChildProcess | undefined;
let base = '';
let log = '';
let api: APIRequestContext;
let token = '';

/** A port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const call = async (method: string, url: string, data?: unknown) => {
  const res = await api.fetch(`/api/v1/admin${url}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  if (!res.ok()) throw new Error(`${method} ${url} → ${res.status()} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
};

test.beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'kaoping-e2e-log-')),
      LOG_LEVEL: 'info',
      WEB_DIST: webDist,
      REGISTRATION_CODE,
      PUBLIC_URL: base,
      JWT_SECRET: 'e2e-log-secret-that-is-long-enough-0123456789',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  api = await apiRequest.newContext({ baseURL: base });
  for (let i = 0; i < 600; i++) {
    const up = await api.get('/api/v1/health').catch(() => null);
    if (up?.ok()) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  // The first account of a fresh server is its system admin.
  const account = { username: `e2e_${uniq()}`, password: 'e2e-password-123' };
  const reg = await api.post('/api/v1/admin/auth/register', {
    data: { ...account, registration_code: REGISTRATION_CODE },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const login = await api.post('/api/v1/admin/auth/login', { multipart: account });
  token = ((await login.json()) as { access_token: string }).access_token;
});

test.afterAll(async () => {
  await api?.dispose();
  if (server && server.exitCode === null) {
    const gone = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await gone;
  }
});

/** A codes-mode vote type with a one-step ballot (the unit's questionnaire, one target), and its codes. */
async function codesVoteType() {
  const company = await call('POST', '/companies/', { name: `测试单位${uniq()}` });
  await call('POST', '/polls/copy-from-template', { company_id: company.id, target_type: 'company' });
  await call('POST', '/vote-targets/', {
    company_id: company.id,
    name: company.name,
    type: 'company',
    title: '领导班子',
  });
  const vt = await call('POST', '/vote-types/', {
    company_id: company.id,
    form_category: 'democratic_appraisal',
    name: '班子成员',
    access_mode: 'codes',
  });
  const { codes } = (await call('POST', `/vote-types/${vt.id}/codes`, { count: 2 })) as unknown as {
    codes: string[];
  };
  return { linkId: vt.link_id as string, codes };
}

/** Votes on the page open at a ballot: answers the one step and submits; answers the receipt shown. */
async function vote(voter: Page) {
  const ballot = voter.getByRole('radiogroup', { name: '总体评价' });
  const start = voter.getByRole('button', { name: '开始投票' });
  await expect(start.or(ballot)).toBeVisible();
  if (await start.isVisible()) await start.click();
  await expect(ballot).toBeVisible();
  await fillStep(voter);
  await nextStep(voter);
  await voter.getByRole('button', { name: '提交答卷' }).click();
  await expect(voter.getByRole('heading', { name: '投票成功' })).toBeVisible();
  const receiptCode = (await voter
    .getByText(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/)
    .first()
    .textContent())!.trim();
  return { receiptCode };
}

const plain = (code: string) => code.replaceAll('-', '');

test("a slip's #code= votes, and the server's log holds none of what the voter holds", async ({ page }) => {
  const { linkId, codes } = await codesVoteType();
  const [slip, oldSlip] = codes.map(plain) as [string, string];

  // The link without a code asks for one; what the voter types goes to the fragment, not the query.
  await page.goto(`${base}/vote/type/${linkId}`);
  await expect(page.getByRole('heading', { name: '请输入测评码' })).toBeVisible();
  await shot(page, 'code-entry-360', SHOTS);
  await page.setViewportSize({ width: 1366, height: 900 });
  await shot(page, 'code-entry-1366', SHOTS);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.getByRole('textbox', { name: '测评码' }).fill('ZZZZ-ZZZZ-ZZ');
  await page.getByRole('button', { name: '开始投票' }).click();
  await expect(page.getByRole('alert')).toHaveText('测评码无效，请核对后重新输入');
  expect(new URL(page.url())).toMatchObject({ search: '', hash: '#code=ZZZZ-ZZZZ-ZZ' });

  // The slip's QR: the code after '#', which the browser never sends.
  const sent: string[] = [];
  page.on('request', (r) => sent.push(r.url()));
  await page.goto(`${base}/vote/type/${linkId}#code=${slip}`);
  await expect(
    page.getByRole('radiogroup', { name: '总体评价' }).or(page.getByRole('button', { name: '开始投票' })),
  ).toBeVisible();
  await shot(page, 'slip-fragment-ballot-360', SHOTS);
  const { receiptCode } = await vote(page);
  expect(new URL(page.url()).search).toBe('');
  expect(new URL(page.url()).hash).toMatch(/^#receipt=/);
  await shot(page, 'slip-fragment-done-360', SHOTS);
  await page.setViewportSize({ width: 1366, height: 900 });
  await shot(page, 'slip-fragment-done-1366', SHOTS);
  await page.setViewportSize({ width: 360, height: 780 });

  const voterId = await page.evaluate(
    (link) => JSON.parse(localStorage.getItem(`kp-voter:${link}`)!),
    linkId,
  );
  const receiptId = new URLSearchParams(new URL(page.url()).hash.slice(1)).get('receipt')!;
  expect(voterId).toMatch(/^[0-9a-f]{32}$/);
  // Nothing the voter holds was in any address the browser asked for.
  for (const secret of [slip, voterId, receiptId]) {
    expect(sent.filter((u) => u.includes(secret))).toEqual([]);
  }

  // The receipt, by its link and by its code, as a voter checks it later.
  await page.goto(`${base}/vote/result/${receiptId}`);
  await expect(page.getByText(receiptCode)).toBeVisible();
  await page.goto(`${base}/vote/result#code=${receiptCode}`);
  await expect(page.getByRole('heading', { name: '投票回执', exact: true })).toBeVisible();
  await shot(page, 'receipt-lookup-fragment-360', SHOTS);
  await page.setViewportSize({ width: 1366, height: 900 });
  await shot(page, 'receipt-lookup-fragment-1366', SHOTS);
  await page.setViewportSize({ width: 360, height: 780 });

  // An old slip (?code= in the query) still votes; the page moves the code out of the address at once.
  const second = await page
    .context()
    .browser()!
    .newContext({ viewport: { width: 360, height: 780 } });
  const old = await second.newPage();
  await old.goto(`${base}/vote/type/${linkId}?code=${oldSlip}`);
  await expect.poll(() => new URL(old.url()).search).toBe('');
  expect(new URL(old.url()).hash).toBe(`#code=${oldSlip}`);
  await shot(old, 'old-slip-moved-to-fragment-360', SHOTS);
  const oldVote = await vote(old);
  const oldVoter = await old.evaluate(
    (link) => JSON.parse(localStorage.getItem(`kp-voter:${link}`)!),
    linkId,
  );
  await second.close();

  // The log was captured (the voter's page requests are in it), and holds none of their secrets.
  await expect.poll(() => log).toContain('"url":"/vote/result');
  const found = Object.entries({
    slip,
    slipGrouped: codes[0]!,
    oldSlip,
    oldSlipGrouped: codes[1]!,
    voterId,
    oldVoter,
    receiptId,
    receiptCode,
    oldReceiptCode: oldVote.receiptCode,
    linkId,
    typed: 'ZZZZZZZZZZ',
  }).filter(([, secret]) => log.includes(secret));
  expect(found.map(([name]) => name)).toEqual([]);
  // No line of a voter's request names the voter's address (admin API calls keep theirs).
  const voterLines = log.split('\n').filter((line) => /"url":"\/(vote|api\/v1\/public)/.test(line));
  expect(voterLines.length).toBeGreaterThan(3);
  expect(voterLines.filter((line) => line.includes('remoteAddress'))).toEqual([]);
  expect(log).toContain('"url":"/vote/type/*"');
});
