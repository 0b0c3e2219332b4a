import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { createCompany, expect, test, type Admin } from './fixtures';

// Paper ballots beside phones (issue 16): print the official form with one code per sheet, key three
// returned sheets with the keyboard alone, and see them counted and marked 纸质 in results and records.
test.use({ viewport: { width: 1366, height: 900 } });

type VoteType = { id: number; name: string };
type CodeList = { items: { code: string; state: string; batch: number }[] };

const PEOPLE = ['张建国', '李明华', '王志强', '赵丽娟', '陈国平', '刘海涛', '孙晓燕', '周文斌'];

/** A unit with both scoring questionnaires, its leadership and eight persons: nine targets a sheet. */
async function unitWithNineTargets(admin: Admin) {
  const company = await createCompany(admin);
  for (const kind of ['company', 'person']) {
    await admin.api('POST', '/polls/copy-from-template', { company_id: company.id, target_type: kind });
  }
  await admin.api('POST', '/vote-targets/', {
    company_id: company.id,
    name: company.name,
    type: 'company',
    title: '领导班子',
  });
  for (const name of PEOPLE) {
    await admin.api('POST', '/vote-targets/', {
      company_id: company.id,
      name,
      type: 'person',
      title: '副总经理',
    });
  }
  await admin.api('POST', '/vote-types/', {
    company_id: company.id,
    name: '纸质投票人',
    form_category: 'democratic_appraisal',
    access_mode: 'codes',
  });
  const list = (await admin.api('GET', `/vote-types/?company_id=${company.id}`)) as VoteType[];
  return { company, vt: list.find((v) => v.name === '纸质投票人')! };
}

const vtRow = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });

/**
 * One sheet, keys only: the code and Enter, then per target the overall grade, each item and Enter; the
 * leadership's row also marks reverse item `mark`. The last Enter submits.
 */
async function keySheet(page: Page, code: string, grade: string, mark: string) {
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('group', { name: '选票录入区' })).toBeFocused();
  await page.keyboard.type(`${grade}111111${mark}`);
  await page.keyboard.press('Enter');
  for (let i = 0; i < PEOPLE.length; i += 1) {
    await page.keyboard.type(`${grade}11111`);
    await page.keyboard.press('Enter');
  }
  await expect(page.getByText(`${code} 已计票`)).toBeVisible();
  await expect(page.getByRole('textbox', { name: '测评码' })).toBeFocused();
}

test('paper: print three coded sheets, key them with the keyboard only, counted and marked 纸质', async ({
  adminPage: page,
  admin,
}) => {
  const { company, vt } = await unitWithNineTargets(admin);
  await page.goto(`/admin/vote-types?company=${company.id}`);

  // Print: three sheets, each with a new code; a real PDF fetched with the admin's token.
  await vtRow(page, '纸质投票人').getByRole('button', { name: '打印纸质选票：纸质投票人' }).click();
  const dialog = page.getByRole('dialog', { name: '打印纸质选票：纸质投票人' });
  await dialog.getByLabel('打印份数').fill('3');
  await expect(dialog).toContainText('将新发放 3 个测评码');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: '下载 PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/纸质选票\.pdf$/);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // While the vote is open every code not voided is listed as 已发放 (decision 0041): none is used yet.
  const { items } = (await admin.api('GET', `/vote-types/${vt.id}/codes?state=issued`)) as CodeList;
  const codes = items.map((i) => i.code);
  expect(codes).toHaveLength(3);

  // The entry screen opens with the code field focused.
  await vtRow(page, '纸质投票人').getByRole('button', { name: '纸质票录入：纸质投票人' }).click();
  await expect(page).toHaveURL(`/admin/vote-types/${vt.id}/paper?company=${company.id}`);
  await expect(page.getByRole('textbox', { name: '测评码' })).toBeFocused();

  // A code that was never issued is refused inline, nothing keyed.
  await page.keyboard.type('ZZZZ-ZZZZ-ZZ');
  await page.keyboard.press('Enter');
  await expect(page.getByText('测评码不存在，请核对')).toBeVisible();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');

  const started = Date.now();
  await keySheet(page, codes[0]!, '1', '2');
  const oneSheetMs = Date.now() - started;
  await keySheet(page, codes[1]!, '2', '1');
  await keySheet(page, codes[2]!, '1', '3');
  console.log(JSON.stringify({ paper_sheet_9_targets_keyboard_ms: oneSheetMs, keys: 1 + 7 + 1 + 1 + 8 * 7 }));

  const counts = page.getByLabel('纸质票统计');
  await expect(counts).toContainText('3纸质票已计票');
  await expect(counts).toContainText('3本次已录入');
  const sheets = page.locator('.kp-pe-card').filter({ hasText: '已录入的纸质票' });
  await expect(sheets.getByText('已计票')).toHaveCount(3);
  await page.screenshot({ path: `${test.info().outputDir}/paper-entry-1366.png`, fullPage: true });

  // The same code a second time is refused: it was used by its sheet.
  await page.keyboard.type(codes[0]!);
  await page.keyboard.press('Enter');
  await expect(page.locator('#kp-pe-key-note')).toContainText(/已计票|已使用|已录入/);

  // Results: three ballots received, all of them paper.
  await page.goto(`/admin/results?company=${company.id}`);
  const turnout = page.getByTestId(`turnout-${vt.id}`);
  await expect(turnout).toContainText('收回 3');
  await expect(turnout).toContainText('纸质 3 · 线上 0');

  // Records: none while the vote is open (decision 0041), the page says so; after 结束投票 each ballot
  // marked 纸质, and the 来源 filter keeps them.
  await page.goto(`/admin/vote-records?company=${company.id}`);
  await expect(page.getByTestId('open-vote-notice')).toContainText('“纸质投票人”投票进行中');
  await admin.api('POST', `/vote-types/${vt.id}/close`);
  await page.reload();
  await expect(page.getByTestId('open-vote-notice')).toHaveCount(0);
  await expect(page.getByRole('cell', { name: '纸质' }).first()).toBeVisible();
  await page.getByLabel('按来源筛选').click();
  await page.locator('.ant-select-item-option[title="线上"]').click();
  await expect(page.getByText('暂无投票数据')).toBeVisible();
});
