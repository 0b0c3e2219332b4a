import type { Page } from '@playwright/test';
import { expect, fillStep, nextStep, test } from './fixtures';
import { oneStepVoteType, phone, shot } from './phone';

// A ballot refused on submit, on a phone: the page decides by the refusal's code (CAP_REACHED,
// ALREADY_VOTED), never by its Chinese text, and shows the page that says what happened.
/** Screenshots for the notes (outside the repository). */
const SHOTS = '/work/shots/errcodes-web';

test.use({ viewport: { width: 360, height: 780 } });

const SUBMIT = '/api/v1/public/polls/votes/';

/** A unit with its company questionnaire and one appraisal target: a one-step ballot. */
/** Opens the link and answers the one step, up to the 提交答卷 button (not pressed). */
async function fillIn(voter: Page, path: string) {
  await voter.goto(path);
  const start = voter.getByRole('button', { name: '开始投票' });
  const ballot = voter.getByRole('radiogroup', { name: '总体评价' });
  await expect(start.or(ballot)).toBeVisible();
  if (await start.isVisible()) await start.click();
  await expect(ballot).toBeVisible();
  await fillStep(voter);
  await nextStep(voter);
  await expect(voter.getByText('全部内容已作答')).toBeVisible();
}

/** Presses 提交答卷 and answers the server's refusal body. */
async function submitRefused(voter: Page) {
  const answer = voter.waitForResponse((r) => r.url().endsWith(SUBMIT) && r.request().method() === 'POST');
  await voter.getByRole('button', { name: '提交答卷' }).click();
  const res = await answer;
  return { status: res.status(), body: (await res.json()) as { detail: string; code: string } };
}

const draftKeys = (voter: Page) =>
  voter.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('kp-vote-draft:')));

test('the last place taken while a voter fills in: CAP_REACHED shows the full page and drops the draft', async ({
  admin,
  browser,
  page,
}) => {
  const { company, vt } = await oneStepVoteType(admin, { expected_voters: 1 });
  await fillIn(page, vt.public_path);

  // Another phone takes the only place meanwhile.
  const other = await phone(browser);
  await fillIn(other, vt.public_path);
  await other.getByRole('button', { name: '提交答卷' }).click();
  await expect(other.getByRole('heading', { name: '投票成功' })).toBeVisible();

  const refused = await submitRefused(page);
  expect(refused).toEqual({
    status: 409,
    body: { detail: '本投票已达到应到人数，无法继续投票', code: 'CAP_REACHED' },
  });
  await expect(page.getByRole('heading', { name: '本投票已达到应到人数', level: 1 })).toBeVisible();
  await expect(page.getByText(`${company.name} · 班子成员`)).toBeVisible();
  await expect(page.getByRole('button', { name: '提交答卷' })).toHaveCount(0);
  await expect(page.getByRole('radiogroup')).toHaveCount(0);
  expect(await draftKeys(page)).toEqual([]);
  await shot(page, 'cap-reached-on-submit-360', SHOTS);
});

test('the same voter voted elsewhere meanwhile: ALREADY_VOTED shows the already-voted page', async ({
  admin,
  browser,
  page,
}) => {
  const { vt } = await oneStepVoteType(admin);
  await fillIn(page, vt.public_path);

  // The same voter (this phone's voter identifier) with a ballot of its own, a submission of its own,
  // votes first: a tab whose draft was reset, say.
  const voterIds = await page.evaluate(() =>
    Object.entries(localStorage).filter(([k]) => k.startsWith('kp-voter:')),
  );
  expect(voterIds).toHaveLength(1);
  const tab = await phone(browser);
  await tab.context().addInitScript((entries) => {
    for (const [k, v] of entries) localStorage.setItem(k, v);
  }, voterIds);
  await fillIn(tab, vt.public_path);
  await tab.getByRole('button', { name: '提交答卷' }).click();
  await expect(tab.getByRole('heading', { name: '投票成功' })).toBeVisible();

  const refused = await submitRefused(page);
  expect(refused).toEqual({ status: 409, body: { detail: '您已完成投票', code: 'ALREADY_VOTED' } });
  await expect(page.getByRole('heading', { name: '您已完成投票' })).toBeVisible();
  await expect(page.getByRole('button', { name: '提交答卷' })).toHaveCount(0);
  await expect(page.getByRole('radiogroup')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(await draftKeys(page)).toEqual([]);
  await shot(page, 'already-voted-on-submit-360', SHOTS);
});
