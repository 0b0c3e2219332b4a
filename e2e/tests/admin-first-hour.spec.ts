import type { Page } from '@playwright/test';
import { createCompany, expect, test } from './fixtures';

// What a new administrator tripped over in the first hour (issue 13, item 4).

async function pickCompany(page: Page, name: string) {
  const select = page.getByRole('combobox', { name: '选择单位' });
  await select.click();
  await select.fill(name);
  await page.locator('.ant-select-item-option', { hasText: name }).click();
}

const selectedUnit = (page: Page) =>
  page
    .getByRole('combobox', { name: '选择单位' })
    .locator('xpath=ancestor::div[contains(@class,"ant-select-content")]');

test('the chosen unit is kept in the address, survives a reload and opens the next page', async ({
  adminPage: page,
  admin,
}) => {
  const company = await createCompany(admin);
  await page.goto('/admin/vote-types');
  await expect(page.getByText('请先在页面顶部选择单位')).toBeVisible();
  await pickCompany(page, company.name);
  await expect(page).toHaveURL(new RegExp(`vote-types\\?company=${company.id}$`));

  await page.reload();
  await expect(selectedUnit(page)).toHaveAttribute('title', company.name);

  // Another page opened by its address alone starts on the same unit and writes it into the address.
  await page.goto('/admin/vote-targets');
  await expect(selectedUnit(page)).toHaveAttribute('title', company.name);
  await expect(page).toHaveURL(new RegExp(`vote-targets\\?company=${company.id}`));
  await expect(page.getByText('请先在页面顶部选择单位')).toHaveCount(0);

  // The unit is deleted meanwhile (advanced mode): the remembered choice is dropped, and the page asks for one.
  const elevated = await page.request.post('/api/v1/admin/auth/verify-advanced-mode', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { password: admin.password },
  });
  const { access_token: token } = (await elevated.json()) as { access_token: string };
  const del = await page.request.delete(`/api/v1/admin/companies/${company.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(del.ok()).toBe(true);
  await page.goto('/admin/results');
  await expect(page.getByText('所选单位已不存在，请重新选择单位')).toBeVisible();
  await expect(page.getByText('请先在页面顶部选择单位')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/results$/);
});

test.describe('admin tables on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('say that more columns are to the right and keep the actions in reach', async ({
    adminPage: page,
    admin,
  }) => {
    const company = await createCompany(admin);
    await admin.api('POST', '/vote-types/', {
      company_id: company.id,
      name: '班子成员',
      form_category: 'democratic_appraisal',
    });

    await page.goto(`/admin/vote-types?company=${company.id}`);
    const table = page.locator('.kp-admin-table').first();
    await expect(table.getByText('左右滑动可查看更多列')).toBeVisible();
    const row = table.locator('tbody tr[data-row-key]').first();
    // The page scrolls down to the table; the actions must then be in view without scrolling sideways.
    await row.scrollIntoViewIfNeeded();
    await expect(row.getByRole('button', { name: /编\s*辑/ })).toBeInViewport();
    await expect(row.getByRole('button', { name: /删\s*除/ })).toBeInViewport();
    // The edge with more columns carries a shadow.
    await expect(table.locator('.ant-table-fix-end-shadow-show')).toHaveCount(1);

    await page.goto('/admin');
    await page.getByRole('searchbox', { name: '按单位名称搜索' }).fill(company.name);
    await page.getByRole('searchbox', { name: '按单位名称搜索' }).press('Enter');
    const companies = page.locator('.kp-admin-table');
    const companyRow = companies.locator('tbody tr', { hasText: company.name });
    // Narrow actions let this list fit: everything is in view, so no hint.
    await expect(companyRow.getByRole('button', { name: /删\s*除/ })).toBeInViewport();
    await expect(companyRow.getByRole('link', { name: company.name })).toBeInViewport();
    await expect(companies.getByText('左右滑动可查看更多列')).toBeHidden();
  });
});

test('on a wide screen the tables fit and no hint shows', async ({ adminPage: page, admin }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const company = await createCompany(admin);
  await page.goto('/admin');
  await page.getByRole('searchbox', { name: '按单位名称搜索' }).fill(company.name);
  await page.getByRole('searchbox', { name: '按单位名称搜索' }).press('Enter');
  await expect(page.locator('tbody tr', { hasText: company.name })).toBeVisible();
  await expect(page.getByText('左右滑动可查看更多列')).toBeHidden();
  await page.goto(`/admin/vote-types?company=${company.id}`);
  await expect(page.getByRole('heading', { name: '投票类型管理' })).toBeVisible();
  // One table per family (民主测评, 民主评议, 民主推荐), each with its hint, none shown at 1366 px.
  const hints = page.getByText('左右滑动可查看更多列');
  await expect(hints).toHaveCount(3);
  for (const hint of await hints.all()) await expect(hint).toBeHidden();
});
