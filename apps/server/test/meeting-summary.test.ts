// Issue 15, item 8 and issue 24: the 汇总 on the meeting screen. Counts only until every vote type is
// 已完成计票; the switch 在大屏显示汇总 refuses before (409, naming the groups), needs `confirm: true`
// (422 without) and shows the figures of the 汇总表 after, on the admin board and the share link alike;
// switched off or a vote reopened, it is gone, and after the next 完成计票 it needs a new confirmation.
// Never a voter's words.
import { beforeAll, describe, expect, it } from 'vitest';
import type { MeetingBoard } from '@kaoping/contracts/meeting';
import type { UnitSummary } from '@kaoping/contracts/summary-tables';
import { submission, submit, type BallotFixture } from './helpers/ballot-fixtures';
import { useBallotWorld } from './helpers/ballot-world';
import { elevate } from './helpers/factories';
import type { TestContext } from './helpers/test-app';
import { adminCalls } from './helpers/vote-control';

let ctx: TestContext;
let token: string;
let f: BallotFixture;
let shareToken: string;
const admin = () => adminCalls(ctx.app, () => token);
const board = async () => {
  const res = await admin().call('GET', `/meeting/${f.company.id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MeetingBoard>();
};
const shared = async () => {
  const res = await ctx.app.inject({ url: `/api/v1/public/meeting/${shareToken}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MeetingBoard>();
};
const setShow = (show: unknown, confirm?: unknown) =>
  admin().call(
    'PUT',
    `/meeting/${f.company.id}/summary`,
    confirm === undefined ? { show } : { show, confirm },
  );
const NOT_COUNTED = (names: string) => ({
  detail: `${names}尚未完成计票，全部完成计票后才能在大屏显示汇总`,
  code: 'MEETING_SUMMARY_NOT_COUNTED',
});

const w = useBallotWorld({ reset: false });
beforeAll(async () => {
  ({ ctx, token, f } = w);
  for (let i = 0; i < 3; i++) {
    expect((await submit(ctx.app, submission(f))).statusCode).toBe(201);
    expect((await submit(ctx.app, submission(f, 'evaluation'))).statusCode).toBe(201);
  }
  const share = await admin().call('POST', `/meeting/${f.company.id}/share`);
  shareToken = share.json<{ path: string }>().path.split('/').pop()!;
});

describe('the 汇总 on the meeting screen', () => {
  it('shows counts only while the vote runs; the switch refuses (409) and names the groups not counted', async () => {
    const b = await board();
    expect(b).toMatchObject({
      all_closed: false,
      all_counted: false,
      not_counted: ['班子成员', '中层干部'],
      shows_summary: false,
      summary: null,
    });
    const res = await setShow(true, true);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(NOT_COUNTED('班子成员、中层干部'));
    expect((await shared()).summary).toBeNull();
    expect((await setShow('yes')).statusCode).toBe(422);
  });

  it('refuses at 投票结束 too: figures about people only once every group is 已完成计票', async () => {
    for (const id of [f.appraisal.id, f.evaluation.id])
      expect((await admin().close(id)).statusCode).toBe(200);
    expect(await board()).toMatchObject({ all_closed: true, all_counted: false, summary: null });
    expect(await setShow(true, true)).toMatchObject({ statusCode: 409 });
    expect((await admin().finishCount(f.appraisal.id)).statusCode).toBe(200);
    const res = await setShow(true, true);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(NOT_COUNTED('中层干部'));
    expect((await board()).not_counted).toEqual(['中层干部']);
  });

  it('needs a confirmation, then shows the figures of the 汇总表 on both screens', async () => {
    expect((await admin().finishCount(f.evaluation.id)).statusCode).toBe(200);
    expect(await board()).toMatchObject({
      all_counted: true,
      not_counted: [],
      shows_summary: false,
      summary: null,
    });
    // Without the confirmation that the figures go to the whole hall: 422, nothing shown.
    for (const confirm of [undefined, false]) {
      const unconfirmed = await setShow(true, confirm);
      expect(unconfirmed.statusCode).toBe(422);
      expect(unconfirmed.json().detail).toContain('须确认');
    }
    expect((await shared()).summary).toBeNull();

    const on = await setShow(true, true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ shows_summary: true });
    const b = await board();
    expect(b.shows_summary).toBe(true);
    const table = (await admin().call('GET', `/companies/${f.company.id}/summary`)).json<UnitSummary>();
    const persons = table.appraisal.sections.find((s) => s.kind === 'person')!;
    const shown = b.summary!.appraisal.find((s) => s.kind === 'person')!;
    expect(shown.targets.map((t) => [t.name, t.voters, t.top_two_rate, t.weighted_score, t.rank])).toEqual(
      persons.targets.map((t) => {
        const w = t.rows[t.rows.length - 1]!;
        return [t.name, 3, w.top_two_rate, t.weighted_score, t.rank];
      }),
    );
    expect(shown.targets[0]!.excellent_rate).toBe(100);
    expect(b.summary!.appraisal[0]!.kind).toBe('company');
    expect(b.summary!.cadre_overall).toMatchObject({
      text: '对本单位选人用人工作的总体评价',
      voters: 3,
    });
    expect(b.summary!.cadre_overall!.options[0]).toEqual({ option: '好', count: 3, share: 100 });
    expect(b.summary!.newly_promoted.average_approval_rate).toBe(100);
    // The projector's page shows the same; never a voter's words.
    const p = await shared();
    expect(p.summary).toEqual(b.summary);
    expect(JSON.stringify(p)).not.toContain('加强培训');
    const audit = await admin().call('GET', '/audit-log/?limit=5&action=meeting.summary');
    expect(audit.body).toContain('确认后在大屏显示汇总');
  });

  it('hides the 汇总 when switched off, and when a vote is reopened, until confirmed again', async () => {
    expect((await setShow(false)).statusCode).toBe(200);
    expect((await board()).summary).toBeNull();
    expect((await shared()).summary).toBeNull();

    expect((await setShow(true, true)).statusCode).toBe(200);
    expect((await shared()).summary).not.toBeNull();
    const elevated = await elevate(ctx.app, token);
    // Reopen goes back one step (已完成计票 → 投票结束): the figures leave the screen at once.
    expect((await admin().reopen(f.evaluation.id, elevated)).statusCode).toBe(200);
    const b = await board();
    expect(b).toMatchObject({
      all_counted: false,
      not_counted: ['中层干部'],
      shows_summary: false,
      summary: null,
    });
    expect(b.vote_types.find((v) => v.name === '中层干部')!.count_stage).toBe('counting');
    expect((await shared()).summary).toBeNull();
    // Counted again, the figures may have changed: they stay off until the organiser confirms again.
    expect((await admin().finishCount(f.evaluation.id)).statusCode).toBe(200);
    expect(await board()).toMatchObject({ all_counted: true, shows_summary: false, summary: null });
    expect((await shared()).summary).toBeNull();
    expect((await setShow(true, true)).statusCode).toBe(200);
    expect((await shared()).summary).not.toBeNull();
  });
});
