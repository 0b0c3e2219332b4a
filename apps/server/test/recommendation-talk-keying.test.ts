// 谈话调研推荐 (issue 30): what an API client and an interviewer are told. A talk vote type asked for codes
// or double entry is refused by code (422) and nothing is stored; its records are refused and audited in
// the words of talk records (谈话记录, 谈话序号), while a 会议推荐 vote type's paper sheets keep theirs.
import type { RecommendationPost } from '@kaoping/contracts/recommendation';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { useAdminWorld } from './helpers/ballot-world';
import { createCompany, createVoteType } from './helpers/factories';
import { adminCalls } from './helpers/vote-control';

const w = useAdminWorld({ reset: false });
const api = () => adminCalls(w.ctx.app, () => w.token);

let companyId: number;
let post: RecommendationPost;
let talk: { id: number };
let meeting: { id: number };

const REC = { form_category: 'democratic_recommendation' } as const;
const refusal = (res: { statusCode: number; json: () => { code: string; detail: string } }) => ({
  status: res.statusCode,
  code: res.json().code,
  detail: res.json().detail,
});
const voteTypes = async () =>
  (await api().call('GET', `/vote-types/?company_id=${companyId}`)).json<
    { id: number; name: string; access_mode: string; double_entry: boolean; recommendation_mode: string }[]
  >();
const summaries = async (action: string) =>
  (
    await rowsOf<{ summary: string }>(
      w.ctx.database.db,
      sql`SELECT summary FROM audit_log WHERE action = ${action} ORDER BY id`,
    )
  ).map((r) => r.summary);

beforeAll(async () => {
  companyId = (await createCompany(w.ctx.app, w.token, '谈话录入单位')).id;
  const res = await api().call('POST', '/recommendation-posts/', {
    company_id: companyId,
    name: '副总经理',
    seats: 1,
    candidates: [{ name: '张伟' }, { name: '李娜' }],
  });
  expect(res.statusCode, res.body).toBe(201);
  post = res.json<RecommendationPost>();
  talk = await createVoteType(w.ctx.app, w.token, companyId, {
    ...REC,
    name: '谈话调研',
    recommendation_mode: 'talk',
  });
  meeting = await createVoteType(w.ctx.app, w.token, companyId, { ...REC, name: '会议推荐' });
}, 60_000);

describe('a 谈话调研推荐 vote type asked for codes or double entry', () => {
  it('refuses codes and double entry on create, by code, and creates nothing', async () => {
    const codes = await api().call('POST', '/vote-types/', {
      ...REC,
      company_id: companyId,
      name: '谈话甲',
      recommendation_mode: 'talk',
      access_mode: 'codes',
    });
    expect(refusal(codes)).toEqual({
      status: 422,
      code: 'RECOMMENDATION_TALK_ACCESS_MODE',
      detail:
        '谈话调研推荐不发放测评码，投票方式不能设为“测评码”；谈话记录由谈话人员在“录入谈话记录”中按谈话序号逐份录入',
    });
    const double = await api().call('POST', '/vote-types/', {
      ...REC,
      company_id: companyId,
      name: '谈话乙',
      recommendation_mode: 'talk',
      double_entry: true,
    });
    expect(refusal(double)).toEqual({
      status: 422,
      code: 'RECOMMENDATION_TALK_DOUBLE_ENTRY',
      detail: '谈话调研推荐的谈话记录由谈话人员单人录入，不能开启双人录入核对',
    });
    expect((await voteTypes()).map((v) => v.name).sort()).toEqual(['会议推荐', '谈话调研'].sort());
  });

  it('refuses them on update and keeps the vote type as it was', async () => {
    expect((await api().update(talk.id, { access_mode: 'codes' })).json().code).toBe(
      'RECOMMENDATION_TALK_ACCESS_MODE',
    );
    expect((await api().update(talk.id, { double_entry: true })).json().code).toBe(
      'RECOMMENDATION_TALK_DOUBLE_ENTRY',
    );
    // Switching a codes / double-entry 会议推荐 vote type to talk while asking to keep codes: refused too.
    const other = await createVoteType(w.ctx.app, w.token, companyId, {
      ...REC,
      name: '班子推荐',
      access_mode: 'codes',
      double_entry: true,
    });
    const both = await api().update(other.id, { recommendation_mode: 'talk', access_mode: 'codes' });
    expect(refusal(both)).toMatchObject({ status: 422, code: 'RECOMMENDATION_TALK_ACCESS_MODE' });
    const rows = await voteTypes();
    expect(rows.find((v) => v.id === talk.id)).toMatchObject({ access_mode: 'link', double_entry: false });
    expect(rows.find((v) => v.id === other.id)).toMatchObject({
      recommendation_mode: 'meeting',
      access_mode: 'codes',
      double_entry: true,
    });
    // Switched to talk without asking for them: link mode, single entry (what talk is), as documented.
    const switched = await api().update(other.id, { recommendation_mode: 'talk' });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json()).toMatchObject({
      recommendation_mode: 'talk',
      access_mode: 'link',
      double_entry: false,
    });
    // Saying what talk is anyway (link, single entry) is fine.
    const same = await api().update(talk.id, { access_mode: 'link', double_entry: false, name: '谈话调研' });
    expect(same.statusCode, same.body).toBe(200);
  });
});

describe('keying talk records: refusals and audit in the words of 谈话记录', () => {
  const at = (id: number) => `/vote-types/${id}/paper/sheets`;
  const record = (choice: number) => [{ post_id: post.id, answers: { choices: [choice], write_ins: [] } }];

  it('enters a record by 谈话序号 and refuses the same 谈话序号 again, naming it', async () => {
    const first = await api().call('POST', at(talk.id), {
      key: '3',
      ballots: record(post.candidates[0]!.id),
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ key: '3', label: '谈话序号 3', state: 'counted' });
    const again = await api().call('POST', at(talk.id), {
      key: '3',
      ballots: record(post.candidates[1]!.id),
    });
    expect(refusal(again)).toEqual({
      status: 409,
      code: 'RECOMMENDATION_TALK_ALREADY_COUNTED',
      detail: '谈话序号 3 的谈话记录已录入并计入结果；如需修改请在已录入的谈话记录中“更正”',
    });
    // The check before keying says the same.
    const check = await api().call('GET', `${at(talk.id)}/3`);
    expect(check.json()).toMatchObject({ state: 'counted', can_enter: false, detail: again.json().detail });
    const list = await api().call('GET', `${at(talk.id)}?page=1&page_size=20`);
    expect(list.json().items.map((i: { label: string }) => i.label)).toEqual(['谈话序号 3']);
  });

  it('refuses a 谈话序号 that is not a number, or not entered, in its words', async () => {
    const bad = await api().call('POST', at(talk.id), {
      key: '第三',
      ballots: record(post.candidates[0]!.id),
    });
    expect(refusal(bad)).toEqual({
      status: 400,
      code: 'RECOMMENDATION_TALK_NUMBER',
      detail: expect.stringMatching(/^谈话序号必须是 1-\d+ 的整数$/),
    });
    const notEntered = {
      status: 404,
      code: 'RECOMMENDATION_TALK_NOT_ENTERED',
      detail: '谈话序号 9 尚未录入谈话记录',
    };
    expect(
      refusal(await api().call('PUT', `${at(talk.id)}/9`, { ballots: record(post.candidates[0]!.id) })),
    ).toEqual(notEntered);
    expect(refusal(await api().call('DELETE', `${at(talk.id)}/9`))).toEqual(notEntered);
    expect(refusal(await api().call('GET', `${at(talk.id)}/9/detail`))).toEqual(notEntered);
  });

  it('audits entering, correcting and withdrawing as 谈话记录', async () => {
    const fix = await api().call('PUT', `${at(talk.id)}/3`, { ballots: record(post.candidates[1]!.id) });
    expect(fix.statusCode, fix.body).toBe(200);
    expect((await api().call('DELETE', `${at(talk.id)}/3`)).statusCode).toBe(204);
    expect(await summaries('paper.enter')).toEqual(['录入谈话记录：“谈话调研”（已计票）']);
    expect(await summaries('paper.correct')).toEqual(['更正谈话记录：“谈话调研”（已计票）']);
    expect(await summaries('paper.withdraw')).toEqual(['撤回谈话记录：“谈话调研”（已撤回）']);
  });

  it('keeps the paper words for a 会议推荐 vote type', async () => {
    const bad = await api().call('POST', at(meeting.id), {
      key: '第三',
      ballots: record(post.candidates[0]!.id),
    });
    expect(refusal(bad)).toMatchObject({ status: 400, code: 'PAPER_SHEET_NUMBER' });
    const none = await api().call('DELETE', `${at(meeting.id)}/9`);
    expect(refusal(none)).toEqual({ status: 404, code: 'PAPER_NOT_ENTERED', detail: '该纸质票尚未录入' });
  });
});
