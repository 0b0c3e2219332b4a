import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { createCompany, expect, test, uniq, type Admin } from './fixtures';
import { scoringAnswers, unitSeed, type Scoring, type VoteType } from './unit-seed';

// 汇总表 (issue 15 items 1-3, 6, 8): a unit with two weighted voter groups votes; the 汇总表 screen shows the
// figures with a flagged leader in red, the 未超过半数 warning and the thresholds, at 1366 and 360 px; after
// the close the organiser switches 在大屏显示汇总 on and the projector shows it.

const overallOf = (schema: Scoring, grade: number, itemsGrade = 0) =>
  scoringAnswers(schema, grade, itemsGrade);

async function seed(admin: Admin, request: APIRequestContext) {
  const company = await createCompany(admin, `汇总单位${uniq()}`);
  const { copy, target } = unitSeed(admin, company.id);
  const [team, person, cadre, np] = [
    await copy('company'),
    await copy('person'),
    await copy('cadre'),
    await copy('newly_promoted'),
  ];
  const teamTarget = await target({ name: '领导班子', type: 'company' });
  const persons = [
    await target({ name: '张明', title: '总经理' }),
    await target({ name: '李华', title: '副总经理' }),
    await target({ name: '王强', title: '总会计师' }),
  ];
  const subject = (await admin.api('POST', '/evaluation-subjects/', {
    company_id: company.id,
    name: '赵敏',
    current_position: '人力资源部经理',
  })) as { id: number };
  const voteType = (name: string, body: object) =>
    admin.api('POST', '/vote-types/', { company_id: company.id, name, ...body }) as Promise<VoteType>;
  const leaders = await voteType('班子成员', {
    form_category: 'democratic_appraisal',
    weight: 60,
    expected_voters: 4,
  });
  const middle = await voteType('中层干部', {
    form_category: 'democratic_appraisal',
    weight: 40,
    expected_voters: 6,
  });
  const evaluation = await voteType('全体评议', {
    form_category: 'democratic_evaluation',
    expected_voters: 5,
  });

  // Person grades per voter: 李华 gets 不称职 from most, 王强 mostly 基本称职.
  const grades: Record<string, [number, number, number][]> = {
    班子成员: [
      [0, 3, 2],
      [0, 3, 2],
      [1, 0, 0],
    ],
    中层干部: [
      [0, 3, 1],
      [1, 1, 2],
      [0, 3, 2],
    ],
  };
  const submit = async (vt: VoteType, ballots: unknown[]) => {
    const res = await request.post('/api/v1/public/polls/votes/', {
      data: {
        link_id: vt.link_id,
        voter_identifier: `e2e-${uniq()}-${uniq()}`,
        submission_id: randomUUID(),
        ballots,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  };
  for (const vt of [leaders, middle]) {
    for (const [i, g] of grades[vt.name]!.entries()) {
      await submit(vt, [
        {
          poll_id: team.id,
          target_id: teamTarget.id,
          answers: overallOf(team.form_schema as Scoring, i % 2),
        },
        ...persons.map((p, k) => ({
          poll_id: person.id,
          target_id: p.id,
          answers: overallOf(person.form_schema as Scoring, g[k]!),
        })),
      ]);
    }
  }
  for (const [i, opinion] of ['认同', '认同', '不认同', '基本认同'].entries()) {
    await submit(evaluation, [
      {
        poll_id: cadre.id,
        answers: {
          overall: i < 3 ? '好' : '一般',
          supervision: '较好',
          problems: ['不存在突出问题'],
          ...(i === 0 ? { suggestions: '进一步加大年轻干部培养力度' } : {}),
        },
      },
      { poll_id: np.id, answers: { [`subject_${subject.id}`]: opinion } },
    ]);
  }
  return { company, voteTypes: [leaders, middle, evaluation] };
}

test('the 汇总表 screen and the 汇总 on the meeting screen after the close', async ({
  adminPage: page,
  admin,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const { company, voteTypes } = await seed(admin, request);
  await page.setViewportSize({ width: 1366, height: 900 });
  // While the votes are open the 汇总表 is counts only (decision 0041): it names the open groups and
  // shows no table of figures.
  await page.goto(`/admin/summary?company=${company.id}`);
  const notice = page.getByTestId('open-vote-notice');
  await expect(notice).toContainText('投票进行中，结束投票后可查看结果');
  for (const name of ['班子成员', '中层干部', '全体评议']) await expect(notice).toContainText(`“${name}”`);
  await expect(page.getByTestId('waiting-democratic_appraisal')).toContainText(
    '“班子成员”、“中层干部”投票进行中，结束投票后可查看',
  );
  const persons = page.getByRole('region', { name: '领导人员汇总表' });
  await expect(persons).toHaveCount(0);

  // The meeting screen: nothing before the close.
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(`/admin/meeting/${company.id}`);
  const toggle = page.getByRole('switch', { name: '在大屏显示汇总' });
  await expect(toggle).toBeDisabled();
  const share = (await admin.api('POST', `/meeting/${company.id}/share`)) as { path: string };
  const projector = await (await browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage();
  await projector.goto(share.path);
  await expect(projector.getByRole('region', { name: '班子成员' })).toBeVisible();
  await expect(projector.locator('body')).not.toContainText(/得分|优秀|称职|认同/);
  // 结束投票 alone is not enough: people's figures reach the projector only after 完成计票.
  for (const vt of voteTypes) await admin.api('POST', `/vote-types/${vt.id}/close`);
  await page.waitForTimeout(2_000);
  await expect(toggle).toBeDisabled();

  // After 结束投票 the 汇总表 has its figures.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/admin/summary?company=${company.id}`);
  await expect(page.getByTestId('open-vote-notice')).toHaveCount(0);
  await expect(persons.getByRole('columnheader', { name: '称职及以上率（优秀+称职）' })).toBeVisible();
  const flag = persons.getByText(/^预警：/).first();
  await expect(flag).toBeVisible();
  await expect(flag.locator('xpath=ancestor::tr')).toHaveClass(/kp-sum-flagged/);
  // The two persons the seeded votes put below the thresholds, each with the reason; the third one clean.
  const personRow = (name: string) => persons.locator('tr', { hasText: name }).first();
  await expect(personRow('李华')).toContainText('预警：称职及以上率低于 66.67%；不称职率高于 33.33%');
  await expect(personRow('王强')).toContainText('预警：称职及以上率低于 66.67%');
  await expect(personRow('王强')).not.toContainText('不称职率高于');
  await expect(personRow('张明')).toContainText('总经理');
  await expect(personRow('张明')).not.toContainText('预警');
  await expect(page.getByText(/^未超过半数：/)).toBeVisible();
  // 中层干部: 3 of 6 returned, exactly half, which is not more than half; 班子成员 3 of 4.
  const validity = page.locator('.ant-card').filter({ hasText: '有效性' });
  const groupRow = (name: string) =>
    validity.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
  await expect(groupRow('中层干部')).toContainText('50.00%');
  await expect(groupRow('中层干部')).toContainText('未超过半数');
  await expect(groupRow('班子成员')).toContainText('75.00%');
  await expect(groupRow('班子成员')).not.toContainText('未超过半数');
  await expect(page.getByText(/称职及以上率低于 66.67% 或 不称职率高于 33.33%/)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('summary-1366.png'), fullPage: true });
  await page.setViewportSize({ width: 360, height: 780 });
  await expect(persons).toBeVisible();
  // Usable on a phone: the page never scrolls sideways, the tables do.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: testInfo.outputPath('summary-360.png'), fullPage: true });

  // The meeting screen after 完成计票: the organiser's switch shows the 汇总.
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(`/admin/meeting/${company.id}`);
  await expect(toggle).toBeDisabled();
  await expect(projector.locator('body')).not.toContainText(/得分|优秀|称职|认同/);
  for (const vt of voteTypes) await admin.api('POST', `/vote-types/${vt.id}/finish-count`);
  await expect(toggle).toBeEnabled({ timeout: 5_000 });
  await toggle.click();
  // …and only through a confirmation that says the whole hall will see them.
  const confirm = page.getByRole('dialog').filter({ hasText: '将在会场大屏向全场展示' });
  await confirm.getByRole('button', { name: '确定展示' }).click();
  await expect(page.getByRole('table', { name: '领导人员测评汇总' })).toBeVisible();
  const shown = projector.getByRole('table', { name: '领导人员测评汇总' });
  await expect(shown).toBeVisible({ timeout: 5_000 });
  await expect(shown.locator('tr.kp-ms-flagged')).not.toHaveCount(0);
  await expect(projector.getByLabel('新提拔干部认同率')).toContainText('赵敏');
  await expect(projector.locator('body')).not.toContainText('进一步加大年轻干部培养力度');
  await projector.screenshot({ path: testInfo.outputPath('meeting-summary-1920.png') });
  await projector.setViewportSize({ width: 1280, height: 720 });
  await projector.screenshot({ path: testInfo.outputPath('meeting-summary-1280.png') });
});
