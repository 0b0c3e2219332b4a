import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { confirmAdvancedMode, createCompany, expect, fillStep, nextStep, test, type Admin } from './fixtures';

// One person, one ballot (issue 12) on phones: one-time codes from the codes screen to a slip's QR
// address, a rehearsal in test mode that leaves no trace in the results, and closing the vote.
test.use({ viewport: { width: 360, height: 780 } });

type VoteType = { id: number; name: string; public_path: string; public_url: string | null };
type CodeList = { items: { code: string; state: string }[] };

/** A unit with its company questionnaire and one appraisal target: a one-step ballot. */
async function unitWithTeam(admin: Admin) {
  const company = await createCompany(admin);
  await admin.api('POST', '/polls/copy-from-template', { company_id: company.id, target_type: 'company' });
  await admin.api('POST', '/vote-targets/', {
    company_id: company.id,
    name: company.name,
    type: 'company',
    title: '领导班子',
  });
  return company;
}

async function createVoteType(admin: Admin, companyId: number, body: Record<string, unknown>) {
  await admin.api('POST', '/vote-types/', {
    company_id: companyId,
    form_category: 'democratic_appraisal',
    ...body,
  });
  const list = (await admin.api('GET', `/vote-types/?company_id=${companyId}`)) as VoteType[];
  return list.find((v) => v.name === body.name)!;
}

/** Another voter's phone: a browser context of its own (no storage shared with anyone). */
async function phone(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 780 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  return context.newPage();
}

/** Fills the one-step ballot and opens the review. */
async function fillBallot(voter: Page) {
  await expect(voter.getByRole('radiogroup', { name: '总体评价' })).toBeVisible();
  await fillStep(voter);
  await nextStep(voter);
  await expect(voter.getByText('全部内容已作答')).toBeVisible();
}

const grouped = (code: string) => code.replace(/-/g, '').replace(/(.{4})(?=.)/g, '$1-');

/** The vote type's row on the vote types page (the table scrolls sideways on a phone). */
const vtRow = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });

test('codes: issue on the codes screen, open a slip, vote once, the slip is then used, a voided code is refused', async ({
  adminPage: page,
  admin,
  browser,
  baseURL,
}) => {
  const company = await unitWithTeam(admin);
  const vt = await createVoteType(admin, company.id, { name: '班子成员', access_mode: 'codes' });
  // Links come from the configured public address (PUBLIC_URL of the test server), not the browser's.
  expect(vt.public_url).toBe(`${baseURL}${vt.public_path}`);

  await page.goto(`/admin/vote-types?company=${company.id}`);
  await vtRow(page, '班子成员')
    .getByRole('button', { name: /测评码/ })
    .click();
  await expect(page).toHaveURL(`/admin/vote-types/${vt.id}/codes?company=${company.id}`);
  await expect(page.getByText('尚未发放测评码')).toBeVisible();
  await page.getByLabel('发放数量').fill('3');
  await page.getByRole('button', { name: /^发\s*放$/ }).click();
  await expect(page.getByText('已发放 3 个测评码（第 1 批）')).toBeVisible();
  await expect(page.getByTestId('code-counts')).toContainText('未使用3');

  // The slips to print: a real PDF, fetched with the admin's token.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /下载纸条 PDF/ }).click(),
  ]);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // While the vote is open every code not voided is listed as 已发放 (decision 0041): none is used yet.
  const { items } = (await admin.api('GET', `/vote-types/${vt.id}/codes?state=issued`)) as CodeList;
  const [first, second] = items.map((i) => i.code);
  // What a slip's QR code holds.
  const slip = `${vt.public_url}?code=${encodeURIComponent(first!)}`;

  const voter = await phone(browser);
  await voter.goto(slip);
  await fillBallot(voter);
  await voter.getByRole('button', { name: '提交答卷' }).click();
  await expect(voter.getByRole('heading', { name: '投票成功' })).toBeVisible();
  await expect(voter.getByText('1 个测评对象')).toBeVisible();
  // The slip again (the same phone, or anyone who picks it up): it has been used.
  await voter.goto(slip);
  await expect(voter.getByRole('heading', { name: '该测评码已使用' })).toBeVisible();
  await expect(voter.getByRole('radiogroup')).toHaveCount(0);
  const other = await phone(browser);
  await other.goto(slip);
  await expect(other.getByRole('heading', { name: '该测评码已使用' })).toBeVisible();

  // The admin voids the second code on the codes screen. The vote is open: the used code is not told
  // apart, every code shows 已发放 and only the counts say one was used.
  await page.reload();
  await expect(page.getByTestId('open-vote-notice')).toContainText('测评码一律显示为“已发放”');
  await expect(page.getByRole('row').filter({ hasText: grouped(first!) })).toContainText('已发放');
  const row = page.getByRole('row').filter({ hasText: grouped(second!) });
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: '作废选中（1）' }).click();
  await page
    .locator('.ant-popover')
    .getByRole('button', { name: /作\s*废/ })
    .click();
  await expect(page.getByText('已作废 1 个测评码')).toBeVisible();
  const counts = page.getByTestId('code-counts');
  await expect(counts).toContainText('已使用1');
  await expect(counts).toContainText('未使用1');
  await expect(counts).toContainText('已作废1');

  // A voter without a slip's address types the code: forgiving about case, spaces and dashes, but a
  // look-alike is refused before anything is asked, and the voided code is refused by the server.
  await other.goto(vt.public_url!);
  await expect(other.getByRole('heading', { name: '请输入测评码' })).toBeVisible();
  const box = other.getByRole('textbox', { name: '测评码' });
  await box.fill('K7QX-M3PD-9O');
  await other.getByRole('button', { name: '开始投票' }).click();
  await expect(other.getByRole('alert')).toContainText('测评码中没有数字 0、1 和字母 O、I、L');
  await box.fill(` ${second!.replace(/-/g, ' ').toLowerCase()} `);
  await other.getByRole('button', { name: '开始投票' }).click();
  await expect(other.getByRole('heading', { name: '该测评码已作废' })).toBeVisible();
  await expect(other.getByRole('radiogroup')).toHaveCount(0);

  // Exactly one ballot is stored.
  const stats = (await admin.api('GET', `/polls/1/stats?company_id=${company.id}`)) as {
    target_type: string;
    ballot_count: number;
  }[];
  expect(stats.find((s) => s.target_type === 'company')?.ballot_count).toBe(1);
  await voter.context().close();
  await other.context().close();
});

test('test mode: a rehearsal ballot is marked, then going formal leaves the results empty', async ({
  adminPage: page,
  admin,
  browser,
}) => {
  const company = await unitWithTeam(admin);
  const vt = await createVoteType(admin, company.id, {
    name: '中层干部',
    test_mode: true,
    expected_voters: 10,
  });

  const voter = await phone(browser);
  await voter.goto(vt.public_url!);
  await expect(voter.getByRole('note')).toContainText('试投票');
  await fillBallot(voter);
  await voter.getByRole('button', { name: '提交答卷' }).click();
  await expect(voter.getByRole('heading', { name: '投票成功' })).toBeVisible();
  await expect(voter.getByText('试投票 · 不计入结果')).toBeVisible();

  // The records show the rehearsal apart; the results do not count it.
  await page.goto(`/admin/vote-records?company=${company.id}`);
  await expect(page.locator('.ant-table-row').getByText('试投票', { exact: true })).toBeVisible();
  await page.goto(`/admin/results?company=${company.id}`);
  await expect(page.getByText('暂无投票数据')).toBeVisible();
  await expect(page.getByTestId(`turnout-${vt.id}`)).toContainText('另有试投票 1 张，不计入结果');

  // 转为正式投票 needs advanced mode and deletes the test ballots.
  await page.goto(`/admin/vote-types?company=${company.id}`);
  await vtRow(page, '中层干部').getByRole('button', { name: '转为正式投票' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '将“中层干部”转为正式投票？' });
  await expect(confirm).toContainText('将删除该投票类型的全部试投票选票');
  await confirm.getByRole('button', { name: '转为正式投票' }).click();
  await confirmAdvancedMode(page, admin.password);
  await expect(page.getByText('“中层干部”已转为正式投票')).toBeVisible();
  await expect(vtRow(page, '中层干部').getByText('试投票', { exact: true })).toHaveCount(0);

  // Formal now and open: the results wait for 结束投票 (decision 0041); the turnout counts no ballot.
  await page.goto(`/admin/results?company=${company.id}`);
  await expect(page.getByTestId('open-vote-notice')).toContainText('“中层干部”投票进行中');
  await expect(page.getByText('暂无可查看的结果')).toBeVisible();
  const turnout = page.getByTestId(`turnout-${vt.id}`);
  await expect(turnout).toContainText('发出 10 · 收回 0');
  await expect(turnout).not.toContainText('试投票');
  await page.goto(`/admin/vote-records?company=${company.id}`);
  await expect(page.getByText('试投票', { exact: true })).toHaveCount(0);
  await voter.context().close();
});

test('closing: the confirmation states the counts, a ballot in progress is refused, the page says it has ended', async ({
  adminPage: page,
  admin,
  browser,
}) => {
  const company = await unitWithTeam(admin);
  const vt = await createVoteType(admin, company.id, { name: '职工代表', expected_voters: 20 });

  const voter = await phone(browser);
  await voter.goto(vt.public_url!);
  await fillBallot(voter);

  await page.goto(`/admin/vote-types?company=${company.id}`);
  await expect(vtRow(page, '职工代表').getByText('进行中')).toBeVisible();
  await vtRow(page, '职工代表')
    .getByRole('button', { name: /结束投票/ })
    .click();
  const confirm = page.getByRole('dialog').filter({ hasText: '结束“职工代表”的投票？' });
  await expect(confirm.getByTestId('close-confirm')).toContainText('发出数：20 人（应到人数）');
  await expect(confirm.getByTestId('close-confirm')).toContainText('收回数：0 张选票');
  await confirm.getByRole('button', { name: '结束投票' }).click();
  await expect(page.getByText('“职工代表”已结束投票')).toBeVisible();
  await expect(vtRow(page, '职工代表').getByText('已结束')).toBeVisible();
  await expect(vtRow(page, '职工代表').getByRole('button', { name: '重新开放' })).toBeVisible();

  // The voter who was still filling in submits after the close: refused, and told the vote has ended.
  await voter.getByRole('button', { name: '提交答卷' }).click();
  await expect(voter.getByRole('heading', { name: '投票已结束' })).toBeVisible();
  const late = await phone(browser);
  await late.goto(vt.public_url!);
  await expect(late.getByRole('heading', { name: '投票已结束' })).toBeVisible();
  await expect(late.getByRole('radiogroup')).toHaveCount(0);
  await voter.context().close();
  await late.context().close();
});
