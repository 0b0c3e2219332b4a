import type { Page } from '@playwright/test';
import { createCompany, expect, test, type Admin } from './fixtures';

// The meeting as it really runs (issue 24): the phones close (结束投票), the paper handed in is keyed after
// that, and 完成计票 says how many printed sheets were never keyed before it voids them.
test.use({ viewport: { width: 1366, height: 900 } });

type VoteType = { id: number; name: string; count_stage: string };
type CodeList = { items: { code: string; state: string; batch: number }[] };

/** A unit with the team questionnaire and its leadership team only: one row a sheet. */
async function unitWithTeam(admin: Admin) {
  const company = await createCompany(admin);
  await admin.api('POST', '/polls/copy-from-template', { company_id: company.id, target_type: 'company' });
  await admin.api('POST', '/vote-targets/', {
    company_id: company.id,
    name: company.name,
    type: 'company',
    title: '领导班子',
  });
  for (const name of ['班子成员', '中层干部']) {
    await admin.api('POST', '/vote-types/', {
      company_id: company.id,
      name,
      form_category: 'democratic_appraisal',
      access_mode: 'codes',
      weight: 50,
    });
  }
  const list = (await admin.api('GET', `/vote-types/?company_id=${company.id}`)) as VoteType[];
  return { company, vt: list.find((v) => v.name === '班子成员')! };
}

const vtRow = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });

async function keySheet(page: Page, code: string) {
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('group', { name: '选票录入区' })).toBeFocused();
  await page.keyboard.type('1111111');
  await page.keyboard.press('Enter');
  await expect(page.getByText(`${code} 已计票`)).toBeVisible();
}

test('the phones close, the paper is keyed after, and 完成计票 voids the sheet never keyed', async ({
  adminPage: page,
  admin,
}) => {
  const { company, vt } = await unitWithTeam(admin);
  await page.goto(`/admin/vote-types?company=${company.id}`);
  const row = vtRow(page, '班子成员');
  await expect(row.getByTestId('count-stage')).toHaveAttribute('data-stage', 'voting');

  // Three printed sheets, each with its own code.
  await row.getByRole('button', { name: '打印纸质选票：班子成员' }).click();
  const print = page.getByRole('dialog', { name: '打印纸质选票：班子成员' });
  await print.getByLabel('打印份数').fill('3');
  await Promise.all([page.waitForEvent('download'), print.getByRole('button', { name: '下载 PDF' }).click()]);
  // While the vote is open every code not voided is listed as 已发放 (decision 0041): none is used yet.
  const { items } = (await admin.api('GET', `/vote-types/${vt.id}/codes?state=issued`)) as CodeList;
  const sheets = items.map((i) => i.code);
  expect(sheets).toHaveLength(3);

  // 结束投票: the confirmation says the paper is still keyed.
  await row.getByRole('button', { name: /结束投票/ }).click();
  const close = page.getByRole('dialog').filter({ hasText: '结束“班子成员”的投票？' });
  await expect(close.getByTestId('close-confirm')).toContainText('3 张纸质票尚未录入（仍可录入）');
  await close.getByRole('button', { name: '结束投票' }).click();
  await expect(page.getByText('“班子成员”已结束投票')).toBeVisible();
  await expect(row.getByTestId('count-stage')).toHaveAttribute('data-stage', 'counting');
  await page.screenshot({ path: `${test.info().outputDir}/vote-types-counting-1366.png` });

  // The paper is keyed after the phones closed.
  await row.getByRole('button', { name: '纸质票录入：班子成员' }).click();
  await expect(page.getByTestId('counting-notice')).toBeVisible();
  await expect(page.getByRole('textbox', { name: '测评码' })).toBeFocused();
  await keySheet(page, sheets[0]!);
  await keySheet(page, sheets[1]!);

  // 完成计票: one printed sheet was never keyed, and the dialog says it will be voided.
  await page.goto(`/admin/vote-types?company=${company.id}`);
  await row.getByRole('button', { name: '完成计票：班子成员' }).click();
  const finish = page.getByRole('dialog').filter({ hasText: '完成“班子成员”的计票？' });
  await expect(finish.getByTestId('finish-confirm')).toContainText('收回数：2 张选票（其中纸质 2 张）');
  await expect(finish.getByTestId('finish-confirm')).toContainText('1 张纸质票未录入，将作废');
  // The dialog's opening animation ends before the picture is taken.
  await expect(finish).toHaveCSS('opacity', '1');
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${test.info().outputDir}/finish-count-dialog-1366.png` });
  await finish.getByRole('button', { name: '完成计票' }).click();
  await expect(page.getByText('“班子成员”已完成计票')).toBeVisible();
  await expect(row.getByTestId('count-stage')).toHaveAttribute('data-stage', 'counted');
  await expect(row.getByRole('button', { name: '撤销完成计票' })).toBeVisible();
  await expect(vtRow(page, '中层干部').getByTestId('count-stage')).toHaveAttribute('data-stage', 'voting');
  await page.screenshot({ path: `${test.info().outputDir}/vote-types-steps-1366.png` });
  await page.setViewportSize({ width: 360, height: 780 });
  await page.screenshot({ path: `${test.info().outputDir}/vote-types-steps-360.png`, fullPage: true });

  // The 汇总表 says which step each group is in, and 计票未完成 while 中层干部 still votes.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/admin/summary?company=${company.id}`);
  await expect(page.getByTestId('count-not-finished')).toContainText('尚未完成计票：中层干部');
  // 中层干部 is still open: its figures wait for 结束投票, and the page says so.
  await expect(page.getByTestId('open-vote-notice')).toContainText('“中层干部”投票进行中');
  const stages = page.getByTestId('count-stage');
  await expect(stages).toHaveCount(2);
  await expect(stages.first()).toHaveAttribute('data-stage', 'counted');
  await page.screenshot({ path: `${test.info().outputDir}/summary-steps-1366.png` });

  const after = (await admin.api('GET', `/vote-types/${vt.id}/codes`)) as CodeList & {
    paper_unused: number;
  };
  expect(after.paper_unused).toBe(0);
  expect(after.items.filter((c) => c.state === 'used')).toHaveLength(2);
});
