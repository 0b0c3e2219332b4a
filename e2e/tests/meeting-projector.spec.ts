import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { createCompany, expect, test, uniq, type Admin } from './fixtures';
import { scoringAnswers, unitSeed, type Scoring, type VoteType } from './unit-seed';

// Issue 24 (the meeting screen on real projectors): a unit with 8 voter groups fills a 1920×1080, a
// 1366×768 and a 1024×768 screen without any scrolling, every card whole and no control over a figure;
// the organiser's tools fade out until the pointer moves; 应到 shows in codes mode and shares are rounded
// half up; each group shows its step. Figures about people appear only after 完成计票 and a confirmation
// that they go to the whole hall. Screenshots go to SHOTS_DIR when it is set.

const LEADERS = [
  ['张明', '党委书记、董事长'],
  ['李华', '总经理、党委副书记'],
  ['王强', '副总经理'],
  ['赵丽', '总会计师'],
] as const;
/** Name, 应到人数 and ballots of the six link groups: 12 of 14 is 85.71 %, shown 86 %. */
const LINK_GROUPS = [
  ['班子成员', 14, 12],
  ['中层正职', 30, 9],
  ['中层副职', 20, 5],
  ['职工代表', 40, 13],
  ['离退休干部代表', 12, 3],
  ['二级单位负责人', 16, 0],
] as const;

async function seed(admin: Admin, request: APIRequestContext) {
  const company = await createCompany(admin, `大屏单位${uniq()}`);
  const { copy, target } = unitSeed(admin, company.id);
  const team = await copy('company');
  const person = await copy('person');
  const teamTarget = await target({ name: '领导班子', type: 'company' });
  const persons: { id: number }[] = [];
  for (const [name, title] of LEADERS) persons.push(await target({ name, title }));
  const voteType = (name: string, body: object) =>
    admin.api('POST', '/vote-types/', {
      company_id: company.id,
      name,
      form_category: 'democratic_appraisal',
      ...body,
    }) as Promise<VoteType>;
  const ballot = (v: number) => [
    {
      poll_id: team.id,
      target_id: teamTarget.id,
      answers: scoringAnswers(team.form_schema as Scoring, v % 2),
    },
    ...persons.map((p, k) => ({
      poll_id: person.id,
      target_id: p.id,
      answers: scoringAnswers(person.form_schema as Scoring, (v + k) % 4),
    })),
  ];
  const submit = async (body: object) => {
    const res = await request.post('/api/v1/public/polls/votes/', {
      data: { voter_identifier: `e2e-${uniq()}`, submission_id: randomUUID(), ...body },
    });
    expect(res.status(), await res.text()).toBe(201);
  };
  const groups: VoteType[] = [];
  for (const [name, expected, ballots] of LINK_GROUPS) {
    const vt = await voteType(name, { expected_voters: expected });
    for (let v = 0; v < ballots; v++) await submit({ link_id: vt.link_id, ballots: ballot(v) });
    groups.push(vt);
  }
  // Codes mode with 应到人数 10 and 12 codes handed out, 4 used.
  const coded = await voteType('党员代表', { access_mode: 'codes', expected_voters: 10 });
  const { codes } = (await admin.api('POST', `/vote-types/${coded.id}/codes`, { count: 12 })) as {
    codes: string[];
  };
  for (let v = 0; v < 4; v++)
    await submit({ link_id: coded.link_id, code: codes[v]!.replace(/-/g, ''), ballots: ballot(v) });
  groups.push(coded);
  const last = await voteType('新入职员工', { expected_voters: 8 });
  for (let v = 0; v < 8; v++) await submit({ link_id: last.link_id, ballots: ballot(v) });
  groups.push(last);
  return { company, groups };
}

const SHOTS = process.env.SHOTS_DIR;
async function shot(page: Page, name: string, fullPage = false) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

/**
 * The screen fits: the document is no larger than the window, every card lies inside the window with
 * nothing cut off inside it, and the footer (with the organiser's tools) overlaps no card.
 */
async function expectFits(page: Page, groups: number) {
  await expect(page.locator('.kp-mt-panel')).toHaveCount(groups);
  const m = await page.evaluate(() => {
    const rect = (el: Element) => el.getBoundingClientRect();
    const panels = Array.from(document.querySelectorAll('.kp-mt-panel'));
    const foot = rect(document.querySelector('.kp-mt-foot')!);
    return {
      doc: {
        width: document.documentElement.scrollWidth,
        height: document.documentElement.scrollHeight,
      },
      win: { width: window.innerWidth, height: window.innerHeight },
      panels: panels.map((p) => {
        const r = rect(p);
        const card = p.querySelector('.kp-mt-card')!;
        const body = p.querySelector('.kp-mt-figures')!;
        const c = rect(card);
        const headBottom = rect(p.querySelector('.kp-mt-panel-head')!).bottom;
        // Every element of the body below the head, and every element inside the card.
        const outside = Array.from(card.querySelectorAll('*')).filter((el) => {
          const e = rect(el);
          return e.top < c.top - 1 || e.bottom > c.bottom + 1 || e.left < c.left - 1 || e.right > c.right + 1;
        }).length;
        const underHead = Array.from(p.querySelectorAll('.kp-mt-panel-body *')).filter(
          (el) => rect(el).top < headBottom - 1,
        ).length;
        return {
          name: p.getAttribute('aria-label'),
          top: r.top,
          left: r.left,
          bottom: r.bottom,
          right: r.right,
          cardOverflow: card.scrollHeight - card.clientHeight,
          cardOverflowX: card.scrollWidth - card.clientWidth,
          outside,
          underHead,
          figuresBottom: rect(body).bottom,
          number: parseFloat(getComputedStyle(p.querySelector('.kp-mt-voted strong')!).fontSize),
          name_px: parseFloat(getComputedStyle(p.querySelector('h2')!).fontSize),
        };
      }),
      footTop: foot.top,
    };
  });
  expect(m.doc.height, 'the page scrolls down').toBeLessThanOrEqual(m.win.height);
  expect(m.doc.width, 'the page scrolls sideways').toBeLessThanOrEqual(m.win.width);
  for (const p of m.panels) {
    expect(p.top, p.name!).toBeGreaterThanOrEqual(0);
    expect(p.left, p.name!).toBeGreaterThanOrEqual(0);
    expect(p.bottom, p.name!).toBeLessThanOrEqual(m.win.height);
    expect(p.right, p.name!).toBeLessThanOrEqual(m.win.width);
    // Nothing inside the card is cut off, and the figures end inside it.
    expect(p.cardOverflow, `${p.name} is cut off`).toBeLessThanOrEqual(1);
    expect(p.cardOverflowX, `${p.name} is cut off at the side`).toBeLessThanOrEqual(1);
    expect(p.figuresBottom, p.name!).toBeLessThanOrEqual(p.bottom);
    expect(p.outside, `${p.name}: elements outside the card`).toBe(0);
    expect(p.underHead, `${p.name}: the body runs over the head`).toBe(0);
    // The footer, where the tools live, starts below every card: no control covers a figure.
    expect(p.bottom, p.name!).toBeLessThanOrEqual(m.footTop);
    // Legible from the back of a hall: the count at least 26 px, the group's name at least 14 px.
    expect(p.number, p.name!).toBeGreaterThanOrEqual(26);
    expect(p.name_px, p.name!).toBeGreaterThanOrEqual(14);
  }
}

const SIZES = [
  [1920, 1080],
  [1366, 768],
  [1024, 768],
] as const;

test('8 groups fit a projector at 1920×1080, 1366×768 and 1024×768; people only after 完成计票 and a confirmation', async ({
  adminPage: page,
  admin,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const { company, groups } = await seed(admin, request);
  const first = groups[0]!;
  const coded = groups[6]!;
  const last = groups[7]!;
  // The three steps side by side: 新入职员工 counted, 党员代表 ended (paper still keyed), the rest voting.
  await admin.api('POST', `/vote-types/${last.id}/close`);
  await admin.api('POST', `/vote-types/${last.id}/finish-count`);
  await admin.api('POST', `/vote-types/${coded.id}/close`);

  const { path } = (await admin.api('POST', `/meeting/${company.id}/share`)) as { path: string };
  const projector = await (
    await browser.newContext({
      viewport: { width: 1920, height: 1080 },
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
    })
  ).newPage();
  await projector.goto(path);

  for (const [width, height] of SIZES) {
    await test.step(`${width}×${height}`, async () => {
      for (const p of [page, projector]) await p.setViewportSize({ width, height });
      await page.goto(`/admin/meeting/${company.id}`);
      await expect(page.getByRole('heading', { name: company.name })).toBeVisible();
      await expectFits(page, 8);
      await expectFits(projector, 8);
      // QR codes of the six open link groups, each inside its card.
      await expect(projector.getByRole('img', { name: /投票二维码$/ })).toHaveCount(6);
      await shot(projector, `meeting-${width}x${height}`);
    });
  }

  await test.step('应到 whatever the mode, shares rounded half up, each step', async () => {
    const leaders = projector.getByRole('region', { name: '班子成员' });
    await expect(leaders.getByTestId(`voted-${first.id}`)).toHaveText('12');
    await expect(leaders.getByTestId(`base-${first.id}`)).toHaveText('/ 应到 14');
    await expect(leaders.getByTestId(`share-${first.id}`)).toHaveText('86%');
    await expect(leaders.getByTestId(`step-${first.id}`)).toHaveText('投票中');
    const party = projector.getByRole('region', { name: '党员代表' });
    await expect(party.getByTestId(`base-${coded.id}`)).toHaveText('/ 应到 10');
    await expect(party.getByText('发出测评码 12 张')).toBeVisible();
    await expect(party).not.toContainText('未设应到人数');
    await expect(party.getByTestId(`step-${coded.id}`)).toHaveText('投票结束');
    await expect(party.getByText('手机投票已停止，纸质票计票中')).toBeVisible();
    await expect(projector.getByTestId(`step-${last.id}`)).toHaveText('已完成计票');
    // Counts only: no score, grade or name of a leader on the screen.
    await expect(projector.locator('body')).not.toContainText(/得分|排名|预警|张明|优秀/);
  });

  await test.step('a phone scrolls, one group under another', async () => {
    await projector.setViewportSize({ width: 360, height: 780 });
    await expect(projector.locator('.kp-mt-panel')).toHaveCount(8);
    const overflowX = await projector.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflowX).toBeLessThanOrEqual(0);
    await shot(projector, 'meeting-360', true);
    await projector.setViewportSize({ width: 1024, height: 768 });
  });

  await test.step('the tools fade out until the pointer moves, and come back on a key', async () => {
    const tools = page.getByRole('toolbar', { name: '大屏操作' });
    await page.mouse.move(200, 200);
    await expect(tools).toHaveCSS('opacity', '1');
    await expect(tools).toHaveCSS('opacity', '0', { timeout: 10_000 });
    await page.mouse.move(400, 300);
    await expect(tools).toHaveCSS('opacity', '1');
    await expect(tools).toHaveCSS('opacity', '0', { timeout: 10_000 });
    // Keyboard: Tab reaches the tools and shows them.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await expect(tools).toHaveCSS('opacity', '0', { timeout: 10_000 });
    await page.keyboard.press('Tab');
    await expect(tools.locator(':focus')).toHaveCount(1);
    await expect(tools).toHaveCSS('opacity', '1');
  });

  await test.step('the 汇总 switch waits for 完成计票 and says which groups are not counted', async () => {
    await page.mouse.move(300, 300);
    const toggle = page.getByRole('switch', { name: '在大屏显示汇总' });
    await expect(toggle).toBeDisabled();
    await expect(page.getByText('（班子成员等 7 个投票类型尚未完成计票）')).toBeVisible();
    for (const g of groups.slice(0, 7)) {
      if (g.id !== coded.id) await admin.api('POST', `/vote-types/${g.id}/close`);
      await admin.api('POST', `/vote-types/${g.id}/finish-count`);
    }
    await expect(toggle).toBeEnabled({ timeout: 5_000 });
    for (const g of groups) await expect(projector.getByTestId(`step-${g.id}`)).toHaveText('已完成计票');
    await expectFits(projector, 8);
    await shot(projector, 'meeting-counted-1024x768');
  });

  await test.step('people only after the confirmation', async () => {
    const toggle = page.getByRole('switch', { name: '在大屏显示汇总' });
    await page.mouse.move(320, 300);
    await toggle.click();
    const dialog = page.getByRole('dialog', { name: '在会场大屏展示测评结果？' });
    await expect(dialog).toContainText('将在会场大屏向全场展示每位干部的得分、排名和预警，确定展示吗？');
    await page.setViewportSize({ width: 1366, height: 768 });
    await shot(page, 'meeting-confirm-1366x768');
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await expect(dialog).toBeHidden();
    await expect(toggle).not.toBeChecked();
    await expect(projector.locator('body')).not.toContainText(/张明|排名|得分/);

    await toggle.click();
    await page
      .getByRole('dialog', { name: '在会场大屏展示测评结果？' })
      .getByRole('button', { name: '确定展示' })
      .click();
    await expect(toggle).toBeChecked();
    await projector.setViewportSize({ width: 1366, height: 768 });
    const persons = projector.getByRole('table', { name: '领导人员测评汇总' });
    await expect(persons).toBeVisible({ timeout: 5_000 });
    await expect(persons).toContainText('张明');
    await expect(projector.getByRole('table', { name: '领导班子测评汇总' })).toBeVisible();
    await shot(projector, 'meeting-summary-1366x768');

    // Switched off: counts only again, at once.
    await page.mouse.move(300, 300);
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect(persons).toBeHidden({ timeout: 5_000 });
  });
});
