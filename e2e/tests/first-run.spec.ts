import { expect, test } from '@playwright/test';

// Runs against a server that has never had an administrator (project "first-run").
test('the first administrator registers (signed in at once), signs out and signs in again', async ({
  page,
}) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);

  await page.getByRole('link', { name: '注册管理员' }).click();
  await expect(page.getByText('您将创建系统的第一个管理员账号')).toBeVisible();
  await page.getByLabel('用户名').fill('founder');
  await page.getByLabel('密码', { exact: true }).fill('Kaoping-2026-a');
  await page.getByLabel('确认密码').fill('Kaoping-2026-a');
  await page.getByRole('button', { name: /注\s*册/ }).click();

  // Registered means signed in: straight to the back office, no second typing of the password.
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: '单位管理' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();

  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('用户名').fill('founder');
  await page.getByLabel('密码').fill('wrong-password');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByText('用户名或密码错误')).toBeVisible();

  await page.getByLabel('密码').fill('Kaoping-2026-a');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: '单位管理' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();

  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);

  // A second visitor finds registration closed: no code is configured on this server.
  await page.goto('/register');
  await expect(page.getByText('注册已关闭')).toBeVisible();
});
