import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { createCompany, expect, test, uniq, type Admin } from './fixtures';

// 民主推荐 on paper (issue 30) at 1366 px: a 会议推荐 sheet keyed twice by two accounts (双人录入核对, the
// entries agree: counted), a 谈话调研推荐 record keyed once by its 谈话序号 with a post over-marked (无效 for
// that post only); after 结束投票 the results count both.
test.use({ viewport: { width: 1366, height: 900 } });

const SHOTS = process.env.E2E_SHOTS;
type VoteType = { id: number; name: string };

async function unitWithPosts(admin: Admin) {
  const company = await createCompany(admin);
  const post = (body: object) =>
    admin.api('POST', '/recommendation-posts/', { company_id: company.id, ...body });
  await post({
    name: '副总经理',
    seats: 2,
    write_in_slots: 1,
    candidates: [
      { name: '王强', current_position: '生产部经理' },
      { name: '李娜', current_position: '财务部经理' },
      { name: '张伟', current_position: '营销部经理' },
    ],
  });
  await post({ name: '总会计师', seats: 1, candidates: [{ name: '陈静' }, { name: '刘洋' }] });
  const make = (name: string, fields: object) =>
    admin.api('POST', '/vote-types/', {
      company_id: company.id,
      name,
      form_category: 'democratic_recommendation',
      ...fields,
    });
  await make('会议推荐组', { double_entry: true, expected_voters: 1 });
  await make('谈话推荐组', { recommendation_mode: 'talk', expected_voters: 1 });
  const list = (await admin.api('GET', `/vote-types/?company_id=${company.id}`)) as VoteType[];
  const byName = (n: string) => list.find((v) => v.name === n)!;
  return { company, meeting: byName('会议推荐组'), talk: byName('谈话推荐组') };
}

/** A second account of the unit (a unit admin), signed in in its own browser context. */
async function secondKeyer(page: Page, admin: Admin, companyId: number) {
  const username = `keyer_${uniq()}`;
  await admin.api('POST', '/users/', {
    username,
    password: 'first-pass-123',
    role: 'unit_admin',
    unit_ids: [companyId],
  });
  const context = await page
    .context()
    .browser()!
    .newContext({ viewport: { width: 1366, height: 900 } });
  const other = await context.newPage();
  const login = await other.request.post('/api/v1/admin/auth/login', {
    multipart: { username, password: 'first-pass-123' },
  });
  const first = ((await login.json()) as { access_token: string }).access_token;
  const changed = await other.request.put('/api/v1/admin/auth/password', {
    headers: { authorization: `Bearer ${first}` },
    data: { current_password: 'first-pass-123', new_password: 'my-own-pass-123' },
  });
  const token = ((await changed.json()) as { access_token: string }).access_token;
  await other.addInitScript((t) => localStorage.setItem('access_token', t), token);
  return other;
}

/** Sheet number 1 of the meeting: 副总经理 王强 and 李娜 (序号 1 and 2), 总会计师 陈静; keys only. */
async function keyMeetingSheet(page: Page) {
  await expect(page.getByRole('textbox', { name: '编号' })).toBeFocused();
  await page.keyboard.type('1');
  await page.keyboard.press('Enter');
  const grid = page.getByRole('group', { name: '推荐票录入区' });
  await expect(grid).toBeFocused();
  await page.keyboard.type('12');
  await expect(page.getByTestId(/^post-count-/).first()).toHaveText('已推荐 2 / 最多 2 人');
  await page.keyboard.press('Enter'); // the 另提名 box, left empty
  await expect(page.getByRole('textbox', { name: '副总经理 另提名 1' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(grid).toBeFocused();
  await page.keyboard.type('1');
  await page.keyboard.press('Enter');
}

test('民主推荐 on paper: a meeting sheet keyed twice, a talk record, both in the results', async ({
  adminPage: page,
  admin,
}) => {
  test.setTimeout(120_000);
  const { company, meeting, talk } = await unitWithPosts(admin);
  // 打印纸质选票 numbers the sheets: 编号 1-3.
  const pdf = await page.request.get(`/api/v1/admin/vote-types/${meeting.id}/paper.pdf?copies=3`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(pdf.status(), await pdf.text()).toBe(200);

  // —— First entry, from the vote types screen ——
  await page.goto(`/admin/vote-types/${meeting.id}/paper?company=${company.id}`);
  await expect(page.getByRole('heading', { name: '纸质票录入' })).toBeVisible();
  await expect(page.getByText('会议推荐', { exact: true })).toBeVisible();
  await expect(page.getByText(/已开启双人录入核对/)).toBeVisible();
  await keyMeetingSheet(page);
  await expect(page.getByText('编号 1 已录入，待第二人录入')).toBeVisible();
  await expect(page.getByRole('textbox', { name: '编号' })).toBeFocused();
  const pending = page.getByRole('row', { name: /编号 1/ });
  await expect(pending).toContainText('待第二次录入');

  // —— Second entry by another account: the same marks, counted ——
  const other = await secondKeyer(page, admin, company.id);
  await other.goto(`/admin/vote-types/${meeting.id}/paper?company=${company.id}`);
  await expect(other.getByText('两次录入不一致').first()).toBeVisible();
  await keyMeetingSheet(other);
  await expect(other.getByText('编号 1 已计票')).toBeVisible();
  await expect(other.getByRole('row', { name: /编号 1/ })).toContainText('已计票');
  const counts = other.getByLabel('纸质票统计');
  await expect(counts.getByText('纸质票已计票').locator('..')).toContainText('1');
  await other.context().close();

  // —— 谈话调研推荐: one record, 总会计师 marked twice (one seat): 无效 for that post only ——
  await page.goto(`/admin/vote-types/${talk.id}/paper?company=${company.id}`);
  await expect(page.getByRole('heading', { name: '录入谈话记录' })).toBeVisible();
  await expect(page.getByText('尚未录入谈话记录')).toBeVisible();
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/talk-empty-1366.png`, fullPage: true });
  }
  const talkKey = page.getByRole('textbox', { name: '谈话序号' });
  await expect(talkKey).toBeFocused();
  await page.keyboard.type('1');
  await page.keyboard.press('Enter');
  await expect(page.getByText('谈话序号 1：可以录入')).toBeVisible();
  await expect(page.getByRole('group', { name: '推荐票录入区' })).toBeFocused();
  await page.keyboard.type('1');
  await page.keyboard.press('Enter');
  await page.keyboard.type('赵敏');
  await page.keyboard.press('Enter');
  await page.keyboard.type('12');
  await expect(page.getByTestId(/^post-verdict-/)).toHaveText(
    '推荐了 2 人，超过最多推荐 1 人：保存后本职位记为无效票，其他职位照常计票',
  );
  await expect(page.getByTestId('rec-summary')).toHaveText('2 个职位：有效 1，弃权 0，无效 1');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/talk-keying-1366.png`, fullPage: true });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('rec-hint')).toContainText('有 1 个职位将记为无效票');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText('谈话序号 1 已计票')).toBeVisible();
  await expect(talkKey).toHaveValue('2');
  const records = page.locator('.kp-pe-card').filter({ hasText: '已录入的谈话记录（1）' });
  await expect(
    records
      .getByRole('row', { name: /已计票/ })
      .getByRole('cell')
      .first(),
  ).toHaveText('1');
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/talk-done-1366.png`, fullPage: true });
    await page.setViewportSize({ width: 360, height: 780 });
    await page.screenshot({ path: `${SHOTS}/talk-done-360.png`, fullPage: true });
    // Sheet 2 half keyed, 副总经理 over-marked, for the pictures only (never submitted).
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/admin/vote-types/${meeting.id}/paper?company=${company.id}`);
    await expect(page.getByRole('row', { name: /编号 1/ })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/meeting-ready-1366.png`, fullPage: true });
    await page.keyboard.type('2');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('group', { name: '推荐票录入区' })).toBeFocused();
    await page.keyboard.type('123');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.type('2');
    await page.screenshot({ path: `${SHOTS}/meeting-keying-1366.png`, fullPage: true });
    await page.setViewportSize({ width: 360, height: 780 });
    await page.screenshot({ path: `${SHOTS}/meeting-keying-360.png`, fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });
  }

  // —— 结束投票, then the results count the sheet and the record ——
  await admin.api('POST', `/vote-types/${meeting.id}/close`);
  await admin.api('POST', `/vote-types/${talk.id}/close`);
  await page.goto(`/admin/recommendation-results?company=${company.id}`);
  const deputy = page.getByRole('region', { name: '推荐结果：副总经理' });
  await expect(deputy).toBeVisible();
  const deputyCounts = deputy.getByRole('table', { name: '副总经理票数' });
  await expect(deputyCounts.getByRole('row', { name: /会议推荐组/ })).toContainText('会议推荐');
  await expect(deputyCounts.getByRole('row', { name: /谈话推荐组/ })).toContainText('谈话调研推荐');
  const votes = deputy.getByRole('table', { name: '副总经理得票' });
  // 王强: 1 of 1 at the meeting, 1 of 1 in the talks, 2 of 2 in total.
  await expect(votes.getByRole('row', { name: /王强/ })).toContainText('1100.00%1100.00%2100.00%');
  await expect(votes.getByRole('row', { name: /李娜/ })).toContainText('2');
  await expect(votes.getByRole('row', { name: /赵敏/ })).toContainText('另提名');
  // 总会计师: the talk's post was 无效; the meeting's counted.
  const chief = page.getByRole('region', { name: '推荐结果：总会计师' });
  const talkRow = chief.getByRole('table', { name: '总会计师票数' }).getByRole('row', { name: /谈话推荐组/ });
  // 应到 1, 收回 1, 有效 0, 无效 1, 弃权 0.
  await expect(talkRow).toContainText('1101');
  await expect(
    chief.getByRole('table', { name: '总会计师得票' }).getByRole('row', { name: /陈静/ }),
  ).toContainText('100.00%');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/results-1366.png`, fullPage: true });
});

test('pictures of the states: loading, no 推荐职位, refused to load', async ({ adminPage: page, admin }) => {
  test.skip(!SHOTS, 'pictures only (E2E_SHOTS)');
  const company = await createCompany(admin);
  await admin.api('POST', '/vote-types/', {
    company_id: company.id,
    name: '无职位',
    form_category: 'democratic_recommendation',
  });
  const vt = ((await admin.api('GET', `/vote-types/?company_id=${company.id}`)) as VoteType[])[0]!;
  const at = `/admin/vote-types/${vt.id}/paper?company=${company.id}`;
  await page.goto(at);
  await expect(page.getByText(/该投票类型暂无可录入的推荐职位/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/meeting-no-posts-1366.png`, fullPage: true });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/paper/form*', async (route) => {
    await held;
    await route.fulfill({ status: 500, json: { detail: '服务器内部错误', code: 'INTERNAL' } });
  });
  await page.goto(at);
  await expect(page.locator('.ant-skeleton')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/loading-1366.png` });
  release();
  await expect(page.getByText('获取选票内容失败')).toBeVisible();
  await page.setViewportSize({ width: 360, height: 780 });
  await page.screenshot({ path: `${SHOTS}/error-360.png`, fullPage: true });
});
