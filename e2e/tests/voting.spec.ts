import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { createCompany, expect, fillStep, nextStep, test, type Admin } from './fixtures';

// A voter on a phone: every step of both ballot families, with a reload midway and a lost answer to
// the submit, and the database checked afterwards through the admin API for exactly one ballot.
test.use({ viewport: { width: 360, height: 780 } });

type VoteType = { id: number; public_path: string };
type StatsRow = { target_type: string; ballot_count: number; voter_count: number };

/** Real cover files made by the browser: a PNG screenshot and a printed PDF. */
async function coverFiles(browser: Browser) {
  const p = await browser.newPage({ viewport: { width: 360, height: 480 } });
  await p.setContent('<body style="background:#fff8f0"><h1 style="color:#b71c1c">投票说明</h1></body>');
  const png = await p.screenshot();
  await p.setContent('<h1>感谢您的参与</h1>');
  const pdf = await p.pdf({ format: 'A5' });
  await p.close();
  return { png, pdf };
}

async function uploadCover(
  request: APIRequestContext,
  admin: Admin,
  where: { company: number; voteType: number; back?: boolean },
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const path = where.back ? '/api/v1/admin/covers/back-cover' : '/api/v1/admin/covers/';
  const res = await request.post(`${path}?company_id=${where.company}&vote_type_id=${where.voteType}`, {
    headers: { authorization: `Bearer ${admin.token}` },
    multipart: { file },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** A newly promoted opinion: the radio sits inside its styled label. */
const opinion = (page: Page, name: string) =>
  page.locator('label', { has: page.getByRole('radio', { name }) });

const next = nextStep;

async function statsOf(admin: Admin, companyId: number) {
  const rows = (await admin.api('GET', `/polls/1/stats?company_id=${companyId}`)) as StatsRow[];
  return Object.fromEntries(rows.map((r) => [r.target_type, [r.ballot_count, r.voter_count]]));
}

test('appraisal link on a phone: cover, every target, reload midway, a lost answer retried, receipt, once only', async ({
  page,
  admin,
  browser,
  request,
}) => {
  const company = await createCompany(admin);
  for (const kind of ['company', 'person']) {
    await admin.api('POST', '/polls/copy-from-template', { company_id: company.id, target_type: kind });
  }
  const target = (name: string, type: string, title: string) =>
    admin.api('POST', '/vote-targets/', { company_id: company.id, name, type, title });
  await target(company.name, 'company', '领导班子');
  await target('张建国', 'person', '党委书记');
  await target('李明华', 'person', '总经理');
  const voteType = (await admin.api('POST', '/vote-types/', {
    company_id: company.id,
    name: '中层干部',
    form_category: 'democratic_appraisal',
  })) as VoteType;
  const { png, pdf } = await coverFiles(browser);
  const at = { company: company.id, voteType: voteType.id };
  await uploadCover(request, admin, at, { name: 'front.png', mimeType: 'image/png', buffer: png });
  await uploadCover(
    request,
    admin,
    { ...at, back: true },
    { name: 'back.pdf', mimeType: 'application/pdf', buffer: pdf },
  );

  await page.goto(voteType.public_path);
  await expect(page.getByRole('heading', { name: '中层干部', level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name: '封面' })).toBeVisible();
  await page.getByRole('button', { name: '开始投票' }).click();

  await expect(page.getByRole('button', { name: /第 1 项，共 3 项/ })).toHaveText(/1\/3/);
  await fillStep(page);
  await page.getByRole('radiogroup', { name: '总体评价' }).getByText('较好').click();
  await next(page);
  await expect(page.getByRole('heading', { name: /张建国/ })).toBeVisible();
  await fillStep(page);

  // A reload in the middle: same step, same answers.
  await page.reload();
  await expect(page.getByRole('heading', { name: /张建国/ })).toBeVisible();
  await expect(
    page.getByRole('radiogroup', { name: '总体评价' }).getByRole('radio', { name: '优秀' }),
  ).toBeChecked();
  await page.getByRole('button', { name: '上一项' }).click();
  await expect(
    page.getByRole('radiogroup', { name: '总体评价' }).getByRole('radio', { name: '较好' }),
  ).toBeChecked();
  await next(page);
  await next(page);
  await fillStep(page);
  await next(page);
  await expect(page.getByText('全部内容已作答')).toBeVisible();

  // The first submit reaches the server but its answer is lost on the way back.
  let lost = false;
  await page.route('**/api/v1/public/polls/votes/', async (route) => {
    if (lost) return route.continue();
    lost = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.getByRole('button', { name: '提交答卷' }).click();
  await expect(page.getByRole('alert')).toHaveText('网络异常，答卷已保存在本机，请稍后重试。');
  // The automatic retry sends the same submission_id: the server answers with the first receipt.
  await expect(page.getByRole('heading', { name: '投票成功' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('link', { name: /打开封底（PDF）/ })).toBeVisible();
  // The receipt proves the ballot was counted (3 targets, a receipt code), never how: no choice shown.
  await expect(page.getByText('3 个测评对象')).toBeVisible();
  await expect(page.getByText('较好')).toHaveCount(0);
  const receiptCode = await page.locator('.kp-vote-rcpt-code').innerText();
  expect(receiptCode).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  const receiptLink = await page.getByRole('link', { name: '查看投票回执' }).getAttribute('href');
  expect(receiptLink).toMatch(/^\/vote\/result\/[A-Za-z0-9_-]{16,}$/);
  // The device keeps the receipt id only: no answer survives the submit.
  const kept = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  expect(kept).not.toContain('overall');

  await page.goto(voteType.public_path);
  await expect(page.getByRole('heading', { name: '您已完成投票' })).toBeVisible();
  await expect(page.getByText(receiptCode, { exact: true })).toBeVisible();
  await expect(page.getByRole('radiogroup')).toHaveCount(0);

  // One voter, one ballot set: the company poll once, the person poll once per person.
  expect(await statsOf(admin, company.id)).toMatchObject({ company: [1, 1], person: [2, 1] });
  await page.goto(receiptLink!);
  await expect(page.getByRole('heading', { name: '投票回执' })).toBeVisible();
  await expect(page.getByText(receiptCode, { exact: true })).toBeVisible();
});

test('evaluation link on a phone: cadre pages, newly promoted table, reload midway, receipt, once only', async ({
  page,
  admin,
  browser,
  request,
}) => {
  const company = await createCompany(admin);
  for (const kind of ['cadre', 'newly_promoted']) {
    await admin.api('POST', '/polls/copy-from-template', { company_id: company.id, target_type: kind });
  }
  for (const name of ['陈志强', '刘芳']) {
    await admin.api('POST', '/evaluation-subjects/', {
      company_id: company.id,
      name,
      current_position: '部门经理',
    });
  }
  const voteType = (await admin.api('POST', '/vote-types/', {
    company_id: company.id,
    name: '职工代表',
    form_category: 'democratic_evaluation',
  })) as VoteType;
  const { png } = await coverFiles(browser);
  const at = { company: company.id, voteType: voteType.id };
  await uploadCover(request, admin, at, { name: 'front.png', mimeType: 'image/png', buffer: png });
  await uploadCover(
    request,
    admin,
    { ...at, back: true },
    { name: 'back.png', mimeType: 'image/png', buffer: png },
  );

  await page.goto(voteType.public_path);
  await expect(page.getByRole('img', { name: '封面' })).toBeVisible();
  await page.getByRole('button', { name: '开始投票' }).click();
  await expect(page.getByText('第 1 页 / 共 2 页')).toBeVisible();
  await fillStep(page);
  await next(page);
  await expect(page.getByText('第 2 页 / 共 2 页')).toBeVisible();
  await fillStep(page);
  await page.getByRole('textbox').fill('加强年轻干部的培养和监督');
  await next(page);
  // The phone form carries none of the paper form's instructions (circle an option, write on the back).
  await expect(page.getByRole('textbox')).toHaveAttribute('placeholder', '请填写不认同的主要原因');
  await expect(page.getByText(/划圈|背面/)).toHaveCount(0);
  await opinion(page, '陈志强：基本认同').click();

  await page.reload();
  await expect(page.getByRole('radio', { name: '陈志强：基本认同' })).toBeChecked();
  await page.getByRole('button', { name: '上一项' }).click();
  await expect(page.getByRole('textbox')).toHaveValue('加强年轻干部的培养和监督');
  await next(page);
  await next(page);
  await expect(page.getByText('以下 1 项尚未答完')).toBeVisible();
  await expect(page.getByText('未答：刘芳')).toBeVisible();
  await page.getByRole('link', { name: /新提拔任用干部民主评议表/ }).click();
  await opinion(page, '刘芳：认同').click();
  await next(page);
  await page.getByRole('button', { name: '提交答卷' }).click();

  await expect(page.getByRole('heading', { name: '投票成功' })).toBeVisible();
  await expect(page.getByRole('img', { name: '封底' })).toBeVisible();
  await expect(page.getByText('2 份问卷')).toBeVisible();

  await page.goto(voteType.public_path);
  await expect(page.getByRole('heading', { name: '您已完成投票' })).toBeVisible();
  expect(await statsOf(admin, company.id)).toMatchObject({ cadre: [1, 1], newly_promoted: [1, 1] });
});

test('closed and unknown links, and unknown ids, show a clear page', async ({ page, admin }) => {
  const company = await createCompany(admin);
  const closed = (await admin.api('POST', '/vote-types/', {
    company_id: company.id,
    name: '班子成员',
    form_category: 'democratic_appraisal',
    opens_at: '2020-01-01T09:00:00+08:00',
    closes_at: '2020-01-02T18:00:00+08:00',
  })) as VoteType;
  await page.goto(closed.public_path);
  await expect(page.getByRole('heading', { name: '投票已结束' })).toBeVisible();
  await page.goto('/vote/type/no-such-link-0000');
  await expect(page.getByRole('heading', { name: '投票链接无效' })).toBeVisible();
  await page.goto('/vote');
  await expect(page).toHaveURL(/\/vote\/9999$/);
  await expect(page.getByRole('heading', { name: '未找到该投票入口' })).toBeVisible();
  await page.goto(`/vote/${company.id}`);
  await expect(page.getByRole('heading', { name: company.name })).toBeVisible();
  await page.goto('/vote/result/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: '未找到投票结果' })).toBeVisible();
});
