import type { Page } from '@playwright/test';
import { confirmImport, createCompany, expect, test, type Admin } from './fixtures';

type Poll = {
  title: string;
  form_schema: {
    evaluationGroups: [{ options: { score: number }[] }, { items: { name: string }[] }];
    reverseEvaluation: { options: { score: number }[]; items: unknown[] };
  };
};

async function pickCompany(page: Page, name: string) {
  const select = page.getByRole('combobox', { name: '选择单位' });
  await select.click();
  await select.fill(name);
  await page.locator('.ant-select-item-option', { hasText: name }).click();
}

const saveButton = (page: Page) => page.getByRole('button', { name: /保存$/ });

async function companyPoll(admin: Admin, companyId: number, kind = 'company') {
  const polls = (await admin.api('GET', `/polls/company/${companyId}?target_type=${kind}`)) as Poll[];
  return polls[0]!;
}

test('company poll: pick a company, import, edit, delete a row, save, and find it kept after a reload', async ({
  adminPage: page,
  admin,
}) => {
  const company = await createCompany(admin);
  await page.goto('/admin/poll-management');
  await expect(page.getByText('请先在页面顶部选择单位')).toBeVisible();

  await pickCompany(page, company.name);
  await expect(page).toHaveURL(new RegExp(`company=${company.id}`));
  await expect(page.getByText('该公司暂无问卷')).toBeVisible();
  await page.getByRole('button', { name: /从模板导入/ }).click();
  await confirmImport(page, '领导班子民主测评表');
  await expect(page.getByText('从模板导入问卷成功')).toBeVisible();
  const title = page.getByLabel('问卷标题');
  await expect(title).toHaveValue('领导班子民主测评表');
  await expect(page.getByText('预览：某某单位领导班子民主测评表')).toBeVisible();

  await title.fill('2025年度领导班子民主测评表');
  await expect(page.getByText('预览：某某单位2025年度领导班子民主测评表')).toBeVisible();
  await page.getByLabel('总体评价选项 2 分值').fill('30.5');
  await page.getByLabel('评价项目 2 题目名称').fill('经营发展质量');
  await page.getByLabel('删除反向测评题目 4').click();
  await expect(page.getByText('反向测评题目已删除')).toBeVisible();
  await page.getByLabel('删除评价项目 6').click();
  await expect(page.getByText('题目已删除', { exact: true })).toBeVisible();

  // The live preview follows the edits and adds up what the admin tries out.
  const preview = page.getByRole('article');
  await expect(preview.getByRole('heading', { name: '某某单位' })).toBeVisible();
  await expect(preview.getByRole('radiogroup', { name: '经营发展质量' })).toBeVisible();
  await preview.getByRole('radiogroup', { name: '总体评价' }).getByText('较好').click();
  await expect(preview.getByRole('status')).toContainText('30.5');

  await saveButton(page).click();
  await expect(page.getByText('问卷计分规则保存成功')).toBeVisible();
  await expect(page.getByText('所有修改已保存')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('问卷标题')).toHaveValue('2025年度领导班子民主测评表');
  await expect(page.getByLabel('总体评价选项 2 分值')).toHaveValue('30.5');
  await expect(page.getByLabel('评价项目 2 题目名称')).toHaveValue('经营发展质量');
  await expect(page.getByLabel('删除反向测评题目 3')).toBeVisible();
  await expect(page.getByLabel('删除反向测评题目 4')).toHaveCount(0);
  await expect(page.getByLabel('删除评价项目 6')).toHaveCount(0);

  const saved = await companyPoll(admin, company.id);
  expect(saved.title).toBe('2025年度领导班子民主测评表');
  expect(saved.form_schema.evaluationGroups[0].options[1]!.score).toBe(30.5);
  expect(saved.form_schema.evaluationGroups[1].items.map((i) => i.name)).toEqual([
    '政治素质',
    '经营发展质量',
    '团结协作',
    '作风形象',
    '党建工作',
  ]);
  expect(saved.form_schema.reverseEvaluation.items).toHaveLength(3);
});

test('a reverse score of -150 or a score of 3.14159 is refused with a message and never saved', async ({
  adminPage: page,
  admin,
}) => {
  const company = await createCompany(admin);
  await admin.api('POST', '/polls/copy-from-template', { company_id: company.id, target_type: 'company' });
  await page.goto(`/admin/poll-management?company=${company.id}`);

  const reverse = page.getByLabel('反向测评选项 1 分值');
  await reverse.fill('-150');
  await expect(page.getByText('反向测评分值不能小于 -100')).toBeVisible();
  await saveButton(page).click();
  await expect(page.getByText(/保存失败: .*反向测评第 1 个选项.*-100/)).toBeVisible();

  await reverse.fill('-5');
  const overall = page.getByLabel('总体评价选项 1 分值');
  await overall.fill('3.14159');
  await overall.blur();
  await expect(page.getByText('分值必须是 0.1 的整数倍')).toBeVisible();
  await saveButton(page).click();
  await expect(page.getByText(/保存失败: .*0\.1 的整数倍/)).toBeVisible();

  const kept = await companyPoll(admin, company.id);
  expect(kept.form_schema.reverseEvaluation.options[0]!.score).toBe(-5);
  expect(kept.form_schema.evaluationGroups[0].options[0]!.score).toBe(40);

  // Leaving with unsaved changes asks first.
  await page.getByRole('menuitem', { name: /单位管理/ }).click();
  const dialog = page.getByRole('dialog', { name: '有未保存的修改' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '留在此页' }).click();
  await expect(page).toHaveURL(/poll-management/);
  await expect(overall).toHaveValue('3.14159');
});

test('person poll: own empty state, sample form of address, import', async ({ adminPage: page, admin }) => {
  const company = await createCompany(admin);
  await page.goto(`/admin/person-poll-management?company=${company.id}`);
  await expect(page.getByText('该公司暂无个人问卷')).toBeVisible();
  await page.getByRole('button', { name: /从模板导入/ }).click();
  await confirmImport(page, '领导人员民主测评表');
  await expect(page.getByText('从模板导入问卷成功')).toBeVisible();
  await expect(page.getByText('预览：张三同志领导人员民主测评表')).toBeVisible();
  await expect(page.getByRole('article').getByRole('heading', { name: '张三同志' })).toBeVisible();
});
