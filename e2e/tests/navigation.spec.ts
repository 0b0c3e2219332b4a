import { createHmac } from 'node:crypto';
import { JWT_SECRET } from '../playwright.config';
import { expect, test } from './fixtures';

test('/home and /vote redirect as the spec says, and unknown voter pages are not blank', async ({ page }) => {
  await page.goto('/home');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: '干部考核测评与民主评议系统' })).toBeVisible();

  await page.goto('/vote');
  await expect(page).toHaveURL(/\/vote\/9999$/);
  await expect(page.getByRole('heading')).not.toHaveCount(0);

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
});

test('/admin without a token lands on /login', async ({ page }) => {
  await page.goto('/admin/vote-types');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: '管理员登录' })).toBeVisible();
});

test('an expired token sends the admin to /login and is removed', async ({ page, admin }) => {
  // A correctly signed token whose expiry has passed.
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: '1', username: admin.username, iat: now - 7200, exp: now - 60 })}`;
  const signature = createHmac('sha256', JWT_SECRET).update(unsigned).digest('base64url');
  await page.addInitScript((t) => {
    if (!sessionStorage.getItem('set')) {
      sessionStorage.setItem('set', '1');
      localStorage.setItem('access_token', t);
    }
  }, `${unsigned}.${signature}`);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
});
