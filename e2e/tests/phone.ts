import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { createCompany, type Admin } from './fixtures';

// What the voter specs on a phone share: another voter's phone, a one-step ballot, and screenshots for
// the notes (outside the repository, only where the folder can be made).

export type VoteType = { id: number; name: string; public_path: string };

/** Another voter's phone: a browser context of its own (no storage shared with anyone). */
export async function phone(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 780 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  return context.newPage();
}

/** A unit with its company questionnaire and one appraisal target: a one-step ballot. */
export async function oneStepVoteType(admin: Admin, body: Record<string, unknown> = {}) {
  const company = await createCompany(admin);
  await admin.api('POST', '/polls/copy-from-template', { company_id: company.id, target_type: 'company' });
  await admin.api('POST', '/vote-targets/', {
    company_id: company.id,
    name: company.name,
    type: 'company',
    title: '领导班子',
  });
  const name = '班子成员';
  await admin.api('POST', '/vote-types/', {
    company_id: company.id,
    form_category: 'democratic_appraisal',
    name,
    ...body,
  });
  const list = (await admin.api('GET', `/vote-types/?company_id=${company.id}`)) as VoteType[];
  return { company, vt: list.find((v) => v.name === name)! };
}

/** A full-page screenshot into `E2E_SHOTS`, or else `folder`; nothing when the folder cannot be made. */
export async function shot(page: Page, name: string, folder: string) {
  const dir = process.env.E2E_SHOTS ?? folder;
  try {
    mkdirSync(dir, { recursive: true });
  } catch {
    return;
  }
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}
