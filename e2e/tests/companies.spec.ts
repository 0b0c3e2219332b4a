import { confirmAdvancedMode, expect, test, uniq } from './fixtures';

test('create, rename, search and delete a company', async ({ adminPage: page, admin }) => {
  const name = `华北电力${uniq()}`;
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: '单位管理' })).toBeVisible();

  await page.getByRole('button', { name: '新建单位' }).click();
  const dialog = page.getByRole('dialog', { name: '新建单位' });
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('请输入单位名称')).toBeVisible();
  await dialog.getByLabel('单位名称').fill(name);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('单位已创建')).toBeVisible();
  await expect(page.getByRole('cell', { name })).toBeVisible();

  await page.getByRole('button', { name: '新建单位' }).click();
  await page.getByRole('dialog', { name: '新建单位' }).getByLabel('单位名称').fill(name);
  await page
    .getByRole('dialog', { name: '新建单位' })
    .getByRole('button', { name: /保\s*存/ })
    .click();
  await expect(page.getByText(`单位名称“${name}”已存在`)).toBeVisible();
  await page
    .getByRole('dialog', { name: '新建单位' })
    .getByRole('button', { name: /取\s*消/ })
    .click();

  const row = page.getByRole('row', { name: new RegExp(name) });
  await row.getByRole('button', { name: /重命名/ }).click();
  const renameDialog = page.getByRole('dialog', { name: '重命名单位' });
  await renameDialog.getByLabel('单位名称').fill(`${name}改`);
  await renameDialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByRole('cell', { name: `${name}改` })).toBeVisible();

  await page.getByRole('button', { name: '新建单位' }).click();
  await page.getByRole('dialog', { name: '新建单位' }).getByLabel('单位名称').fill(`西南石油${uniq()}`);
  await page
    .getByRole('dialog', { name: '新建单位' })
    .getByRole('button', { name: /保\s*存/ })
    .click();
  await expect(page.getByText('单位已创建')).toHaveCount(1);

  await page.getByLabel('按单位名称搜索').fill('华北电力');
  await page.getByRole('button', { name: /搜\s*索/ }).click();
  await expect(page.getByRole('cell', { name: `${name}改` })).toBeVisible();
  await expect(page.getByRole('cell', { name: /西南石油/ })).toHaveCount(0);

  await page
    .getByRole('row', { name: new RegExp(`${name}改`) })
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  const adv = page.getByRole('dialog', { name: '进入高级模式' });
  await adv.getByLabel('管理员密码').fill('not-the-password');
  await adv.getByLabel('管理员密码').press('Enter');
  await expect(adv.getByText('管理员密码错误')).toBeVisible();
  await confirmAdvancedMode(page, admin.password);
  await expect(page.getByText(`已删除“${name}改”`)).toBeVisible();
  await expect(page.getByRole('cell', { name: `${name}改` })).toHaveCount(0);

  await page.reload();
  await page.getByLabel('按单位名称搜索').fill('华北电力');
  await page.getByRole('button', { name: /搜\s*索/ }).click();
  await expect(page.getByText(/没有名称包含/)).toBeVisible();
});
