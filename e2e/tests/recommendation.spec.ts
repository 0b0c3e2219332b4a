import { mkdirSync, readFileSync } from 'node:fs';
import { createCompany, expect, test } from './fixtures';
import { phone, type VoteType } from './phone';

// 民主推荐 (issue 30) from the screens: an admin makes two 推荐职位 (one with a 另提名栏) on 推荐职位管理, a
// voter on a 360 px phone picks on both posts with a write-in, reviews and submits; the admin closes the
// vote and reads the results: per post, the votes, shares, ranks and the write-in marked.

const SHOTS = process.env.E2E_SHOTS;

test('an admin sets up two posts, a phone votes with a write-in, the admin reads the results', async ({
  adminPage: page,
  admin,
  browser,
}) => {
  test.setTimeout(120_000);
  const company = await createCompany(admin);
  await admin.api('POST', '/vote-types/', {
    company_id: company.id,
    form_category: 'democratic_recommendation',
    name: '中层以上',
  });
  const vt = ((await admin.api('GET', `/vote-types/?company_id=${company.id}`)) as VoteType[]).find(
    (v) => v.name === '中层以上',
  )!;

  // —— 推荐职位管理: two posts through the dialog ——
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`/admin/recommendation-posts?company=${company.id}`);
  await expect(page.getByText('暂无推荐职位，请添加或从 Excel 导入')).toBeVisible();
  const addPost = async (name: string, seats: number, writeIns: number, people: [string, string][]) => {
    await page.getByRole('button', { name: /添加推荐职位/ }).click();
    const dialog = page.getByRole('dialog', { name: '添加推荐职位' });
    await dialog.getByLabel('推荐职位名称').fill(name);
    await dialog.getByLabel('职数').fill(String(seats));
    await dialog.getByLabel('另提名栏数').fill(String(writeIns));
    for (const [i, [who, position]] of people.entries()) {
      if (i > 0) await dialog.getByRole('button', { name: /添加参考人选/ }).click();
      await dialog.getByLabel(`第 ${i + 1} 名人选姓名`).fill(who);
      await dialog.getByLabel(`第 ${i + 1} 名人选现任职务`).fill(position);
    }
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('region', { name: `推荐职位：${name}` })).toBeVisible();
  };
  await addPost('副总经理', 2, 1, [
    ['王强', '生产部经理'],
    ['李娜', '财务部经理'],
    ['张伟', '营销部经理'],
  ]);
  await addPost('总会计师', 1, 0, [
    ['陈静', '财务部副经理'],
    ['刘洋', '审计部经理'],
  ]);
  const first = page.getByRole('region', { name: '推荐职位：副总经理' });
  await expect(first.getByText('差额', { exact: true })).toBeVisible();
  await expect(first).toContainText('职数 2 名，最多推荐 2 人，参考人选 3 名（差额），另提名 1 栏');
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/recommendation-posts-360.png`, fullPage: true });
  }

  // —— The voter's phone ——
  const voter = await phone(browser);
  await voter.goto(vt.public_path);
  await expect(voter.getByRole('heading', { name: '副总经理' })).toBeVisible();
  const counter = voter.getByTestId('rec-counter');
  await expect(counter).toContainText('已推荐 0 人 / 最多 2 人');
  await voter.getByText('王强', { exact: true }).click();
  await expect(counter).toContainText('已推荐 1 人 / 最多 2 人');
  // A write-in of a listed candidate is refused in words before anything is sent.
  const writeIn = voter.getByRole('textbox', { name: '另提名人选 1' });
  await writeIn.fill('李娜');
  await expect(voter.getByRole('alert')).toContainText('已在参考人选中');
  await writeIn.fill('赵敏');
  await expect(voter.getByRole('alert')).toBeHidden();
  await expect(counter).toContainText('已推荐 2 人 / 最多 2 人');
  await expect(voter.getByRole('checkbox', { name: /李娜/ })).toBeDisabled();
  if (SHOTS) await voter.screenshot({ path: `${SHOTS}/recommendation-ballot-360.png`, fullPage: true });

  await voter.getByRole('button', { name: '下一项' }).click();
  await expect(voter.getByRole('heading', { name: '总会计师' })).toBeVisible();
  // The keyboard ticks a candidate.
  await voter.getByRole('checkbox', { name: /陈静/ }).focus();
  await voter.keyboard.press('Space');
  await expect(voter.getByRole('checkbox', { name: /陈静/ })).toBeChecked();
  await voter.getByRole('button', { name: '去提交' }).click();
  const summary = voter.getByRole('list', { name: '推荐情况' });
  await expect(summary).toContainText('推荐 2 人：王强、赵敏（另提名）');
  await expect(summary).toContainText('推荐 1 人：陈静');
  if (SHOTS) await voter.screenshot({ path: `${SHOTS}/recommendation-review-360.png`, fullPage: true });
  await voter.getByRole('button', { name: '提交答卷' }).click();
  await expect(voter.getByText('2 个推荐职位')).toBeVisible();
  await voter.context().close();

  // —— 结束投票, then the results ——
  await admin.api('POST', `/vote-types/${vt.id}/close`);
  await page.goto(`/admin/recommendation-results?company=${company.id}`);
  const post = page.getByRole('region', { name: '推荐结果：副总经理' });
  await expect(post).toBeVisible();
  const votes = post.getByRole('table', { name: '副总经理得票' });
  await expect(votes.getByRole('row', { name: /王强/ })).toContainText('100.00%');
  await expect(votes.getByRole('row', { name: /赵敏/ })).toContainText('另提名');
  await expect(votes.getByRole('row', { name: /赵敏/ })).toContainText('过半数');
  await expect(votes.getByRole('row', { name: /李娜/ })).toContainText('0.00%');
  await expect(post).toContainText('口径：得票率 = 得票数 ÷ 该职位有效票数');
  const second = page.getByRole('region', { name: '推荐结果：总会计师' });
  await expect(second.getByRole('row', { name: /陈静/ })).toContainText('100.00%');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/recommendation-results-360.png`, fullPage: true });

  // The 民主推荐情况汇总表 in the three formats, as the server names them.
  for (const [label, ext] of [
    ['Excel', 'xlsx'],
    ['PDF', 'pdf'],
    ['Word', 'docx'],
  ] as const) {
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `汇总表 ${label}` }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(new RegExp(`民主推荐.*\\.${ext}$`));
    expect(readFileSync((await file.path())!).length).toBeGreaterThan(1000);
  }

  // 姓名校改: the write-in is the listed 李娜 spelled by the voter; merged, her votes count it.
  await page.getByRole('button', { name: /姓名校改/ }).click();
  const merge = page.getByRole('dialog', { name: '姓名校改' });
  await merge.getByLabel('赵敏（1 票）').check();
  await merge.getByLabel('校改后的姓名').fill('李');
  // The listed candidates are offered as one types.
  await page.locator('.ant-select-item-option').filter({ hasText: '李娜' }).click();
  await expect(merge.getByLabel('校改后的姓名')).toHaveValue('李娜');
  await merge.getByRole('button', { name: /校\s*改/ }).click();
  await expect(page.getByText('已将 1 种写法校改为“李娜”')).toBeVisible();
  await expect(votes.getByRole('row', { name: /李娜/ })).toContainText('100.00%');
  await expect(votes.getByRole('row', { name: /赵敏/ })).toHaveCount(0);
});

test('推荐职位 from Excel: the template downloaded from the dialog imports as its example post', async ({
  adminPage: page,
  admin,
}, info) => {
  const company = await createCompany(admin);
  await page.goto(`/admin/recommendation-posts?company=${company.id}`);
  await expect(page.getByText('暂无推荐职位，请添加或从 Excel 导入')).toBeVisible();
  await page.getByRole('button', { name: /从 Excel 导入/ }).click();
  const dialog = page.getByRole('dialog', { name: '从 Excel 导入推荐职位' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: /下载模板/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('推荐职位导入模板.xlsx');
  const file = info.outputPath('template.xlsx');
  await download.saveAs(file);
  await dialog.locator('input[type="file"]').setInputFiles(file);
  await expect(page.getByText('已导入 1 个推荐职位')).toBeVisible();
  const post = page.getByRole('region', { name: '推荐职位：副总经理' });
  await expect(post).toContainText('职数 1 名，最多推荐 1 人，参考人选 2 名（差额），另提名 1 栏');
  await expect(post.getByRole('row', { name: /张伟/ })).toContainText('总经理助理');
  await expect(post.getByRole('row', { name: /李娜/ })).toContainText('财务部部长');
});
