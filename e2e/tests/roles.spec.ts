import { createCompany, expect, test, uniq } from './fixtures';

// Issue 17: a system admin creates a unit admin for one unit; the unit admin sees only that unit; an
// auditor reads results and the audit log and finds no edit button anywhere.
const EDIT = /添加|新建|编辑|修改|删除|保\s*存|导入|重命名|发放|作废|结束|上传/;

test('a unit admin made on the accounts screen sees only its unit', async ({
  adminPage: page,
  admin,
  browser,
}) => {
  const mine = await createCompany(admin, `甲单位${uniq()}`);
  const other = await createCompany(admin, `乙单位${uniq()}`);
  const username = `unit_${uniq()}`;

  await page.goto('/admin/accounts');
  await page.getByRole('button', { name: '新建账号' }).click();
  const dialog = page.getByRole('dialog', { name: '新建账号' });
  await dialog.getByLabel('用户名').fill(username);
  await dialog.getByLabel('初始密码').fill('first-pass-123');
  // The shared server holds many units: search for this one.
  await dialog.getByLabel('所属单位').fill(mine.name);
  await page.getByTitle(mine.name).click();
  // Close the open list (it covers the buttons) by clicking the dialog's title.
  await dialog.locator('.ant-modal-title').click();
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('添加成功')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(username) });
  await expect(row).toContainText('单位管理员');
  await expect(row).toContainText(mine.name);

  const context = await browser.newContext();
  const unitPage = await context.newPage();
  await unitPage.goto('/login');
  await unitPage.getByLabel('用户名').fill(username);
  await unitPage.getByLabel('密码').fill('first-pass-123');
  await unitPage.getByRole('button', { name: /登\s*录/ }).click();
  // A new account sets its own password first.
  const change = unitPage.getByRole('dialog', { name: '修改密码' });
  await change.getByLabel('当前密码').fill('first-pass-123');
  await change.getByLabel('新密码', { exact: true }).fill('my-own-pass-123');
  await change.getByLabel('确认新密码').fill('my-own-pass-123');
  await change.getByRole('button', { name: /保\s*存/ }).click();
  await expect(unitPage.getByText('密码已修改')).toBeVisible();
  await expect(unitPage.getByRole('heading', { name: '单位管理' })).toBeVisible();
  await expect(unitPage.getByRole('cell', { name: mine.name })).toBeVisible();
  await expect(unitPage.getByRole('cell', { name: other.name })).toHaveCount(0);
  await expect(unitPage.getByRole('button', { name: '新建单位' })).toHaveCount(0);
  // The other unit's id answers as if it did not exist.
  const token = await unitPage.evaluate(() => localStorage.getItem('access_token'));
  const res = await unitPage.request.get(`/api/v1/admin/vote-types/?company_id=${other.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(404);
  await context.close();
});

test('an auditor reads results and the audit log and finds no edit button', async ({ admin, browser }) => {
  const unit = await createCompany(admin, `丙单位${uniq()}`);
  await admin.api('POST', '/vote-targets/', { company_id: unit.id, name: '张三' });
  const username = `audit_${uniq()}`;
  await admin.api('POST', '/users/', {
    username,
    password: 'first-pass-123',
    role: 'auditor',
    unit_ids: [unit.id],
  });
  const context = await browser.newContext();
  const page = await context.newPage();
  const login = await page.request.post('/api/v1/admin/auth/login', {
    multipart: { username, password: 'first-pass-123' },
  });
  const first = ((await login.json()) as { access_token: string }).access_token;
  const changed = await page.request.put('/api/v1/admin/auth/password', {
    headers: { authorization: `Bearer ${first}` },
    data: { current_password: 'first-pass-123', new_password: 'my-own-pass-123' },
  });
  const token = ((await changed.json()) as { access_token: string }).access_token;
  await page.addInitScript((t) => localStorage.setItem('access_token', t), token);

  await page.goto(`/admin?company=${unit.id}`);
  await expect(page).toHaveURL(/\/admin\/results/);
  await expect(page.getByRole('heading', { name: '测评结果' })).toBeVisible();
  for (const path of ['results', 'vote-records', 'cadre-vote-results', 'cadre-vote-records', 'audit-log']) {
    await page.goto(`/admin/${path}?company=${unit.id}`);
    const content = page.locator('.kp-admin-content');
    await expect(content.locator('h4')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(content.getByRole('button', { name: EDIT })).toHaveCount(0);
  }
  await expect(page.getByText('新建测评对象').first()).toBeVisible();
  await page.getByRole('button', { name: /校验完整性/ }).click();
  await expect(page.getByText('您所管单位的审计记录完整')).toBeVisible();

  await page.goto(`/admin/vote-types?company=${unit.id}`);
  await expect(page.getByText('无权访问此页面')).toBeVisible();
  await context.close();
});
