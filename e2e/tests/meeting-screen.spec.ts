import type { Browser } from '@playwright/test';
import { createCompany, expect, fillStep, nextStep, test, type Admin } from './fixtures';

// 会场大屏 (issue 15 item 8): the organiser opens the meeting screen, hands its share link to the hall's
// projector PC (not signed in), and the projector shows each ballot within two seconds, never a result.

type VoteType = { id: number; name: string; public_path: string };

async function unitWithLink(admin: Admin) {
  const company = await createCompany(admin);
  await admin.api('POST', '/polls/copy-from-template', { company_id: company.id, target_type: 'company' });
  await admin.api('POST', '/vote-targets/', { company_id: company.id, name: '领导班子', type: 'company' });
  await admin.api('POST', '/vote-types/', {
    company_id: company.id,
    name: '全体职工',
    form_category: 'democratic_appraisal',
    expected_voters: 30,
  });
  const [voteType] = (await admin.api('GET', `/vote-types/?company_id=${company.id}`)) as VoteType[];
  return { company, voteType: voteType! };
}

async function projectorAt(browser: Browser, width: number, height: number) {
  const context = await browser.newContext({ viewport: { width, height }, locale: 'zh-CN' });
  return context.newPage();
}

test('the projector shows each ballot within two seconds and nothing of any answer', async ({
  adminPage: page,
  admin,
  browser,
}, testInfo) => {
  const { company, voteType } = await unitWithLink(admin);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(`/admin/vote-types?company=${company.id}`);
  await expect(page.getByRole('link', { name: /会场大屏/ })).toHaveAttribute(
    'href',
    `/admin/meeting/${company.id}`,
  );
  await page.goto(`/admin/meeting/${company.id}`);
  await expect(page.getByRole('heading', { name: company.name })).toBeVisible();
  await expect(page.getByTestId(`voted-${voteType.id}`)).toHaveText('0');
  await page.getByRole('button', { name: /分享链接/ }).click();
  await page.getByRole('button', { name: '生成分享链接' }).click();
  const link = await page.getByRole('textbox', { name: '大屏链接' }).inputValue();
  const sharePath = new URL(link).pathname;
  expect(sharePath).toMatch(/^\/meeting\/[A-Za-z0-9_-]{24}$/);

  const projector = await projectorAt(browser, 1920, 1080);
  await projector.goto(sharePath);
  const panel = projector.getByRole('region', { name: '全体职工' });
  await expect(panel.getByTestId(`voted-${voteType.id}`)).toHaveText('0');
  await expect(panel.getByRole('img', { name: '全体职工投票二维码' })).toBeVisible();
  await expect(panel.getByTestId(`base-${voteType.id}`)).toHaveText('/ 应到 30');
  await expect(projector.getByText('实时', { exact: true })).toBeVisible();

  const voter = await (await browser.newContext({ viewport: { width: 360, height: 780 } })).newPage();
  await voter.goto(voteType.public_path);
  await expect(voter.getByRole('radiogroup', { name: '总体评价' })).toBeVisible();
  await fillStep(voter);
  await nextStep(voter);
  await voter.getByRole('button', { name: '提交答卷' }).click();
  await expect(voter.getByRole('heading', { name: '投票成功' })).toBeVisible();
  const counted = Date.now();
  await expect(panel.getByTestId(`voted-${voteType.id}`)).toHaveText('1', { timeout: 2_000 });
  testInfo.annotations.push({ type: 'projector updated after', description: `${Date.now() - counted} ms` });
  await expect(panel.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '3');
  // Counts only: the hall never sees a grade, a score or a share of the vote.
  await expect(projector.locator('body')).not.toContainText(/好评|得分|优秀|称职|较好/);
  await projector.screenshot({ path: testInfo.outputPath('meeting-1920.png') });
  await projector.setViewportSize({ width: 1280, height: 720 });
  await projector.screenshot({ path: testInfo.outputPath('meeting-1280.png') });

  // Closing shows the step 投票结束 on the screen; revoking the link ends the projector's page.
  await admin.api('POST', `/vote-types/${voteType.id}/close`);
  await expect(panel.getByTestId(`step-${voteType.id}`)).toHaveText('投票结束', { timeout: 5_000 });
  await page.getByRole('button', { name: '撤销链接' }).click();
  await page.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(projector.getByRole('heading', { name: '大屏链接无效或已撤销' })).toBeVisible({
    timeout: 5_000,
  });
});
