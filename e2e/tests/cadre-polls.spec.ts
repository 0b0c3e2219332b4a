import { confirmImport, createCompany, expect, test } from './fixtures';

test.describe('选人用人工作问卷与新提拔任用干部评议表', () => {
  test('imports the cadre questionnaire, adds a page and a multiple-choice question, saves and keeps it', async ({
    adminPage: page,
    admin,
  }) => {
    const company = await createCompany(admin);
    await page.goto(`/admin/cadre-poll-management?company=${company.id}`);
    await expect(page.getByText('该公司暂无选人用人工作问卷')).toBeVisible();
    await page.getByRole('button', { name: '从模板导入问卷' }).click();
    await confirmImport(page, '选人用人工作民主评议表');
    await expect(page.getByText('从模板导入问卷成功')).toBeVisible();
    await expect(page.getByLabel('问卷主标题', { exact: true })).toHaveValue('选人用人工作民主评议表');

    // The template has two pages and four questions; the new question is number 5 on page 3.
    await page.getByRole('button', { name: '添加页面' }).click();
    const page3 = page.getByRole('region', { name: '第 3 页' });
    await page3.getByRole('button', { name: '第 3 页添加多选题' }).click();
    await page.getByLabel('第 5 题题目内容', { exact: true }).fill('您认为干部队伍建设需要加强哪些方面');
    await page.getByLabel('第 5 题选项 1', { exact: true }).fill('思想政治建设');
    await page.getByLabel('第 5 题选项 2', { exact: true }).fill('专业能力培养');
    await page3.getByRole('button', { name: '添加选项' }).click();
    await page.getByLabel('第 5 题选项 3', { exact: true }).fill('年轻干部储备');
    await page.getByLabel('第 3 页页脚文字', { exact: true }).fill('感谢您的参与！');
    await expect(page.getByText('有未保存的修改')).toBeVisible();

    // The read-only preview follows the edits: browse to its third page.
    const preview = page.getByTestId('poll-preview');
    await preview.getByRole('button', { name: '下一页' }).click();
    await preview.getByRole('button', { name: '下一页' }).click();
    await expect(preview.getByText('第 3 页 / 共 3 页')).toBeVisible();
    await expect(preview.getByRole('group', { name: /您认为干部队伍建设需要加强哪些方面/ })).toBeVisible();
    await expect(preview.getByRole('checkbox', { name: '年轻干部储备' })).toBeDisabled();

    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('保存成功')).toBeVisible();
    await expect(page.getByText('所有修改均已保存')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('第 5 题选项 3', { exact: true })).toHaveValue('年轻干部储备');
    await expect(page.getByLabel('第 5 题题型', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: '第 3 页' })).toBeVisible();
    const polls = (await admin.api('GET', `/polls/company/${company.id}?target_type=cadre`)) as {
      form_schema: { pages: { questions: { type: string; options: string[] }[] }[] };
    }[];
    const added = polls[0]!.form_schema.pages[2]!.questions[0]!;
    expect(added).toMatchObject({
      type: 'multiple_choice',
      options: ['思想政治建设', '专业能力培养', '年轻干部储备'],
    });
  });

  test('imports the newly promoted questionnaire, edits its reason question and keeps it', async ({
    adminPage: page,
    admin,
  }) => {
    const company = await createCompany(admin);
    await page.goto(`/admin/newly-promoted-poll-management?company=${company.id}`);
    await expect(page.getByText('该单位暂无新提拔任用干部评议问卷')).toBeVisible();
    await page.getByRole('button', { name: '从模板导入问卷' }).click();
    await confirmImport(page, '新提拔任用干部民主评议表');
    await expect(page.getByText('从模板导入问卷成功')).toBeVisible();

    const question = page.getByLabel('不认同原因的提问', { exact: true });
    await expect(question).toHaveValue('您对新提拔任用的干部表示不认同的主要原因是：');
    await question.fill('您对上述干部表示不认同的主要原因是：');
    const preview = page.getByTestId('newly-promoted-preview');
    await expect(preview.getByText('您对上述干部表示不认同的主要原因是：')).toBeVisible();
    // No subjects yet: the preview shows sample rows and says so.
    await expect(preview.getByText('张某某')).toBeVisible();

    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('问卷已更新')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('不认同原因的提问', { exact: true })).toHaveValue(
      '您对上述干部表示不认同的主要原因是：',
    );
    await page.getByRole('tab', { name: '评议对象管理' }).click();
    await expect(page.getByRole('tab', { name: '评议对象管理' })).toHaveAttribute('aria-selected', 'true');
  });
});
