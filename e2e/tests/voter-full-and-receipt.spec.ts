import type { Page } from '@playwright/test';
import { expect, fillStep, nextStep, test } from './fixtures';
import { oneStepVoteType, phone, shot } from './phone';

// Issue 24 on a phone: a full link says so before the cover and the ballot; the success page survives a
// reload (link mode and codes mode, where the next voter on a shared tablet still starts); a voter finds
// a receipt by its 回执码; and the admin's PDF cover preview is not blocked by the app's own CSP.
/** Screenshots for the notes (outside the repository). */
const SHOTS = '/work/shots/h1-voter';

test.use({ viewport: { width: 360, height: 780 } });

type CodeList = { items: { code: string; state: string }[] };
/** A unit with its company questionnaire and one appraisal target: a one-step ballot. */
/** Another voter's phone: a browser context of its own (no storage shared with anyone). */
/**
 * The values the voter page keeps after '#' in its address (the fragment: never sent to the server, a
 * proxy or a log). Its query string stays empty.
 */
function fragment(page: Page) {
  const address = new URL(page.url());
  expect(address.search).toBe('');
  return new URLSearchParams(address.hash.slice(1));
}

/** From the cover (if any) through the one step to 投票成功; answers the receipt code shown. */
async function vote(voter: Page) {
  const start = voter.getByRole('button', { name: '开始投票' });
  const ballot = voter.getByRole('radiogroup', { name: '总体评价' });
  await expect(start.or(ballot)).toBeVisible();
  if (await start.isVisible()) await start.click();
  await expect(ballot).toBeVisible();
  await fillStep(voter);
  await nextStep(voter);
  await expect(voter.getByText('全部内容已作答')).toBeVisible();
  await voter.getByRole('button', { name: '提交答卷' }).click();
  await expect(voter.getByRole('heading', { name: '投票成功' })).toBeVisible();
  return voter.locator('.kp-vote-rcpt-code').innerText();
}

test('a full link says so before the cover and the ballot; its voter still sees the receipt, after a reload too', async ({
  admin,
  browser,
  page,
}) => {
  const { company, vt } = await oneStepVoteType(admin, { expected_voters: 1 });

  // The first voter takes the only place; the success page survives a reload with the same receipt.
  await page.goto(vt.public_path);
  const code = await vote(page);
  // The receipt id is in the fragment, never in the query string (issue 26).
  expect(fragment(page).get('receipt')).toMatch(/^[A-Za-z0-9_-]{16,}$/);
  await page.reload();
  await expect(page.getByRole('heading', { name: '投票成功' })).toBeVisible();
  await expect(page.getByText(code, { exact: true })).toBeVisible();
  await expect(page.getByText('1 个测评对象')).toBeVisible();
  await expect(page.getByRole('link', { name: '回执查询' })).toHaveAttribute('href', '/vote/result');
  await expect(page.getByText('较好')).toHaveCount(0);
  await shot(page, 'reloaded-success-360', SHOTS);

  // The next phone learns it at once: no cover, no 开始投票, no ballot to fill in for nothing.
  const late = await phone(browser);
  await late.goto(vt.public_path);
  await expect(late.getByRole('heading', { name: '本投票已达到应到人数', level: 1 })).toBeVisible();
  await expect(late.getByText(`${company.name} · 班子成员`)).toBeVisible();
  await expect(late.getByRole('button', { name: '开始投票' })).toHaveCount(0);
  await expect(late.getByRole('radiogroup')).toHaveCount(0);
  // The page fits a 360 px phone: nothing scrolls sideways.
  const width = await late.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await shot(late, 'full-link-360', SHOTS);

  // The voter who took the place, back on the plain link: their receipt, not the full page.
  await page.goto(vt.public_path);
  await expect(page.getByRole('heading', { name: '您已完成投票' })).toBeVisible();
  await expect(page.getByText(code, { exact: true })).toBeVisible();

  // Raising 应到人数 opens the link again for the next phone.
  await admin.api('PUT', `/vote-types/${vt.id}`, { expected_voters: 2 });
  await late.reload();
  await expect(late.getByRole('radiogroup', { name: '总体评价' })).toBeVisible();
});

test('codes mode on a shared tablet: a reload keeps the receipt, and 下一位投票人 still starts the next ballot', async ({
  admin,
  page,
}) => {
  const { vt } = await oneStepVoteType(admin, { access_mode: 'codes' });
  await admin.api('POST', `/vote-types/${vt.id}/codes`, { count: 2 });
  // While the vote is open every code not voided is listed as 已发放 (decision 0041): none is used yet.
  const { items } = (await admin.api('GET', `/vote-types/${vt.id}/codes?state=issued`)) as CodeList;
  const [first, second] = items.map((i) => i.code);

  // What a slip's QR holds: the code after '#' (issue 26).
  await page.goto(`${vt.public_path}#code=${encodeURIComponent(first!)}`);
  const code = await vote(page);
  // The used code leaves the address; the receipt id takes its place, in the fragment too.
  const address = fragment(page);
  expect(address.get('code')).toBeNull();
  expect(address.get('receipt')).toMatch(/^[A-Za-z0-9_-]{16,}$/);
  await page.reload();
  await expect(page.getByRole('heading', { name: '投票成功' })).toBeVisible();
  await expect(page.getByText(code, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: '该测评码已使用' })).toHaveCount(0);

  await page.getByRole('button', { name: '下一位投票人：输入新的测评码' }).click();
  await expect(page.getByRole('heading', { name: '请输入测评码' })).toBeVisible();
  expect([...fragment(page).keys()]).toEqual([]);
  await page.getByRole('textbox', { name: '测评码' }).fill(second!.toLowerCase());
  await page.getByRole('button', { name: '开始投票' }).click();
  const next = await vote(page);
  expect(next).not.toBe(code);
  // The next reload shows the second voter's receipt, never the first's.
  await page.reload();
  await expect(page.getByText(next, { exact: true })).toBeVisible();
  await expect(page.getByText(code, { exact: true })).toHaveCount(0);
});

test('a voter finds a receipt by its 回执码 from the home page: never a choice, and a wrong code is told', async ({
  admin,
  browser,
  page,
}) => {
  const { company, vt } = await oneStepVoteType(admin);
  const voter = await phone(browser);
  await voter.goto(vt.public_path);
  const code = await vote(voter);

  await page.goto('/');
  await page.getByRole('link', { name: '凭回执码查询投票回执' }).click();
  await expect(page.getByRole('heading', { name: '查询投票回执', level: 1 })).toBeVisible();
  const box = page.getByRole('textbox', { name: '回执码' });
  const ask = page.getByRole('button', { name: '查询回执' });

  // What cannot be a code is told before anything is asked; a code no ballot has, by the server.
  await box.fill('AB12');
  await ask.click();
  await expect(page.getByRole('alert')).toContainText('回执码为 8 位字母和数字');
  const other = `${code[0] === '2' ? '3' : '2'}${code.slice(1)}`;
  await box.fill(other);
  await ask.click();
  await expect(page.getByRole('alert')).toHaveText('未找到该回执码对应的投票回执，请核对后重新输入');

  // As a voter types it: lower case, no dash.
  await box.fill(code.toLowerCase().replace('-', ''));
  await ask.click();
  const receipt = page.getByRole('region', { name: '投票回执' });
  await expect(receipt).toBeVisible();
  await expect(receipt.getByText(company.name, { exact: true })).toBeVisible();
  await expect(receipt.getByText('班子成员', { exact: true })).toBeVisible();
  await expect(receipt.getByText('1 个测评对象')).toBeVisible();
  await expect(receipt.getByText(code, { exact: true })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  // Never how the ballot was cast.
  for (const grade of ['好', '较好', '一般', '差']) {
    await expect(receipt.getByText(grade, { exact: true })).toHaveCount(0);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(page, 'receipt-lookup-360', SHOTS);
  // The code stays in the address's fragment (never the query string): a reload shows the same receipt.
  expect(fragment(page).get('code')).toMatch(new RegExp(`^${code.slice(0, 4)}-?${code.slice(5)}$`, 'i'));
  await page.reload();
  await expect(page.getByRole('region', { name: '投票回执' }).getByText(code, { exact: true })).toBeVisible();
});

test.describe('admin covers page', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('previews an uploaded PDF cover without a Content Security Policy violation', async ({
    adminPage: page,
    admin,
  }) => {
    const { company, vt } = await oneStepVoteType(admin);
    const violations: string[] = [];
    page.on('console', (m) => {
      if (m.text().includes('Content Security Policy')) violations.push(m.text());
    });
    // A real PDF, printed by the browser.
    const printer = await page.context().newPage();
    await printer.setContent('<h1 style="font-size:64px">投票说明</h1>');
    const pdf = await printer.pdf({ format: 'A5' });
    await printer.close();

    await page.goto(`/admin/covers?company=${company.id}&vote_type=${vt.id}`);
    const front = page
      .locator('.ant-card')
      .filter({ has: page.locator('.ant-card-head-title', { hasText: /^封面$/ }) });
    await front.locator('input[type="file"]').setInputFiles({
      name: 'front.pdf',
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await expect(page.getByText('封面已上传')).toBeVisible();
    const preview = front.getByLabel('封面预览');
    await expect(preview).toBeVisible();
    // The frame holds the PDF (a blob of the admin's fetch), loaded: its document is the PDF viewer.
    const frame = await (await preview.elementHandle())!.contentFrame();
    expect(frame).not.toBeNull();
    await expect.poll(() => frame!.url()).toMatch(/^blob:/);
    await expect(front.getByRole('link', { name: '在新窗口中打开 PDF' })).toBeVisible();
    await shot(page, 'admin-pdf-cover-preview-1366', SHOTS);
    expect(violations).toEqual([]);
  });
});
