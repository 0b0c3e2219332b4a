import { randomBytes } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { REGISTRATION_CODE } from '../playwright.config';

export { expect };

/** A unique suffix so specs running side by side on one server never collide. */
export const uniq = () => randomBytes(4).toString('hex');

export interface Admin {
  username: string;
  password: string;
  token: string;
  /** Calls the admin API as this admin. */
  api: (method: string, path: string, body?: unknown) => Promise<unknown>;
}

const ROOT = { username: 'e2e_root', password: 'e2e-root-password-123' };

/**
 * The server's first account, a system admin. Every worker registers it before any other account, so
 * the first registration (the only one that gets a role by itself) is always this one.
 */
async function rootToken(request: APIRequestContext): Promise<string> {
  const reg = await request.post('/api/v1/admin/auth/register', {
    data: { ...ROOT, registration_code: REGISTRATION_CODE },
  });
  expect([201, 409], await reg.text()).toContain(reg.status());
  const login = await request.post('/api/v1/admin/auth/login', { multipart: ROOT });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { access_token: string }).access_token;
}

async function registerAdmin(request: APIRequestContext, role = 'system_admin'): Promise<Admin> {
  const root = await rootToken(request);
  const username = `e2e_${uniq()}`;
  const password = 'e2e-password-123';
  const reg = await request.post('/api/v1/admin/auth/register', {
    data: { username, password, registration_code: REGISTRATION_CODE },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  // Later registrations have no role until a system admin gives one.
  const given = await request.patch(`/api/v1/admin/users/${((await reg.json()) as { id: number }).id}`, {
    headers: { authorization: `Bearer ${root}` },
    data: { role },
  });
  expect(given.status(), await given.text()).toBe(200);
  const login = await request.post('/api/v1/admin/auth/login', { multipart: { username, password } });
  expect(login.status()).toBe(200);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await request.fetch(`/api/v1/admin${path}`, {
      method,
      headers: { authorization: `Bearer ${token}` },
      data: body,
    });
    if (!res.ok()) throw new Error(`${method} ${path} → ${res.status()} ${await res.text()}`);
    return res.status() === 204 ? undefined : res.json();
  };
  return { username, password, token, api };
}

/**
 * `admin`: a freshly registered administrator; `adminPage`: a page already signed in as that admin.
 * The app server runs with a registration code, so every test can have its own account.
 */
export const test = base.extend<{ admin: Admin; adminPage: Page }>({
  admin: async ({ request }, use) => {
    await use(await registerAdmin(request));
  },
  adminPage: async ({ page, admin }, use) => {
    // Signed in once per tab: a later logout or 401 in the test is not undone by the next navigation.
    await page.addInitScript((token) => {
      try {
        if (!sessionStorage.getItem('kp-e2e-signed-in')) {
          sessionStorage.setItem('kp-e2e-signed-in', '1');
          localStorage.setItem('access_token', token);
        }
      } catch {
        // about:blank has no storage.
      }
    }, admin.token);
    await use(page);
  },
});

/** Creates a company through the API and returns it. */
export async function createCompany(admin: Admin, name = `测试单位${uniq()}`) {
  return (await admin.api('POST', '/companies/', { name })) as { id: number; name: string };
}

/** Confirms the import-from-template dialog, checking it names what will be created. */
export async function confirmImport(page: Page, templateTitle: string) {
  const dialog = page.getByRole('dialog', { name: '从模板导入问卷？' });
  await expect(dialog).toContainText(`创建“${templateTitle}”`);
  await dialog.getByRole('button', { name: /导\s*入/ }).click();
}

/**
 * Answers the 进入高级模式 prompt with `password` by pressing Enter in the field (the form submits), and
 * waits for the prompt to close. A click on 验证 while the prompt was still opening was lost on a loaded
 * CI machine (the verify request never left; stop 34), and the step after it then failed far from here.
 */
export async function confirmAdvancedMode(page: Page, password: string) {
  const prompt = page.getByRole('dialog', { name: '进入高级模式' });
  const field = prompt.getByLabel('管理员密码');
  await field.fill(password);
  await field.press('Enter');
  await expect(prompt).toBeHidden();
}

/** Answers every required question of the voter's step on screen with the first option. */
export async function fillStep(page: Page) {
  const step = page.locator('.kp-vote-step');
  for (const group of await step.getByRole('radiogroup').all()) await group.locator('label').first().click();
  for (const q of await step.locator('fieldset.kp-cf-q').all()) await q.locator('label').first().click();
  for (const row of await step.locator('tr.kp-np-row').all()) await row.locator('label').first().click();
}

/** The voter's next step (or the review after the last one). */
export const nextStep = (page: Page) => page.getByRole('button', { name: /^(下一项|去提交)$/ }).click();
