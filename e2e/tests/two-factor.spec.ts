import type { Locator, Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { expect, test, type Admin } from './fixtures';

// Issue 27: an administrator enrols a second factor on the screen (reading the secret the page shows into
// "the authenticator app", here otplib), signs out, and signs in again with a code; a system admin resets
// another account's second factor on the accounts screen. Screenshots go to SHOTS_DIR when it is set.

const shots = process.env.SHOTS_DIR;
const now = () => Math.floor(Date.now() / 1000);
/** The code the authenticator app shows, `offset` seconds from now. */
const codeAt = (secret: string, offset = 0) => generateSync({ secret, epoch: now() + offset });

/** Waits out the last seconds of a 30-second step, so a code computed now is still current when sent. */
async function awayFromStepEdge() {
  const into = (Date.now() / 1000) % 30;
  if (into > 24) await new Promise((r) => setTimeout(r, (30.2 - into) * 1000));
}

async function shoot(page: Page, name: string, fullPage = false, focus?: Locator) {
  if (!shots) return;
  for (const width of [1366, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 800 });
    // Let the layout settle at the new width (antd's breakpoints re-render the header).
    await page.waitForTimeout(300);
    // On a phone the table scrolls sideways: bring the cell the picture is about into view.
    await focus?.evaluate((el) => el.scrollIntoView({ inline: 'center', block: 'nearest' }));
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage });
  }
  await page.setViewportSize({ width: 1366, height: 800 });
}

async function signInOnScreen(page: Page, admin: Admin) {
  await page.goto('/login');
  await page.getByLabel('用户名').fill(admin.username);
  await page.getByLabel('密码').fill(admin.password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

test('enrol a second factor on the screen, sign out, sign in with a code', async ({ page, admin }) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await signInOnScreen(page, admin);
  await expect(page).toHaveURL(/\/admin$/);

  await page.getByRole('button', { name: '双因素认证' }).click();
  const dialog = page.getByRole('dialog', { name: '双因素认证' });
  await expect(dialog.getByText('未启用')).toBeVisible();
  await dialog.getByRole('button', { name: '开始绑定' }).click();
  await expect(dialog.getByRole('img', { name: '双因素认证二维码' })).toBeVisible();
  // What a person would type into the app: the secret as the page shows it, without the spaces.
  const secret = (await dialog.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await shoot(page, 'totp-enrol-qr');

  await awayFromStepEdge();
  await dialog.getByLabel('输入验证器上显示的 6 位数字').fill(codeAt(secret));
  await dialog.getByRole('button', { name: '验证并启用' }).click();
  await expect(dialog.getByText('双因素认证已启用')).toBeVisible();
  const codes = dialog.getByRole('list', { name: '恢复码' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await shoot(page, 'totp-enrol-codes');
  await dialog.getByRole('button', { name: '我已保存恢复码' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The password alone is not enough any more: the page asks for the code.
  await signInOnScreen(page, admin);
  const otp = page.getByLabel('动态验证码');
  await expect(otp).toBeVisible();
  await expect(page.getByText(`账号“${admin.username}”已启用双因素认证`)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await shoot(page, 'totp-login-code');

  // A wrong code is refused with the server's words; the next step's code (used once) signs in.
  await otp.fill(codeAt(secret, -300));
  await page.getByRole('button', { name: '验证并登录' }).click();
  await expect(page.getByText(/动态验证码错误或已使用/)).toBeVisible();
  await awayFromStepEdge();
  await otp.fill(codeAt(secret, 30));
  await page.getByRole('button', { name: '验证并登录' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: '单位管理' })).toBeVisible();

  // The accounts screen shows it on.
  await page.goto('/admin/accounts');
  const own = page.getByRole('row').filter({ hasText: admin.username });
  await expect(own.getByText('已启用', { exact: true })).toBeVisible();
});

test('a system admin resets another account’s second factor on the accounts screen', async ({
  adminPage: page,
  admin,
  request,
}) => {
  // Another account with a second factor, set up through the API as its own user would.
  const other = `e2e_totp_${Date.now().toString(36)}`;
  const password = 'Other-pass-2026';
  const made = (await admin.api('POST', '/users/', { username: other, password, role: 'auditor' })) as {
    id: number;
  };
  const first = await request.post('/api/v1/admin/auth/login', { multipart: { username: other, password } });
  const token = ((await first.json()) as { access_token: string }).access_token;
  const auth = { authorization: `Bearer ${token}` };
  const changed = await request.put('/api/v1/admin/auth/password', {
    headers: auth,
    data: { current_password: password, new_password: 'Other-pass-2027' },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  const fresh = {
    authorization: `Bearer ${((await changed.json()) as { access_token: string }).access_token}`,
  };
  const setup = await request.post('/api/v1/admin/auth/totp/setup', { headers: fresh });
  const { secret } = (await setup.json()) as { secret: string };
  await awayFromStepEdge();
  const enabled = await request.post('/api/v1/admin/auth/totp/enable', {
    headers: fresh,
    data: { code: codeAt(secret) },
  });
  expect(enabled.status(), await enabled.text()).toBe(200);

  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto('/admin/accounts');
  const row = page.getByRole('row').filter({ hasText: other });
  await expect(row.getByText('已启用', { exact: true })).toBeVisible();
  await shoot(page, 'totp-accounts', true, row.getByText('已启用', { exact: true }));
  await row.getByRole('button', { name: '重置双因素' }).click();
  await page.getByRole('button', { name: /^重\s*置$/ }).click();
  await expect(page.getByText(`已重置“${other}”的双因素认证`)).toBeVisible();
  await expect(row.getByText('未启用', { exact: true })).toBeVisible();

  // Its password alone signs in again.
  const again = await request.post('/api/v1/admin/auth/login', {
    multipart: { username: other, password: 'Other-pass-2027' },
  });
  expect(again.status(), await again.text()).toBe(200);
  expect(made.id).toBeGreaterThan(0);
});
