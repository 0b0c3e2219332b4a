// 谈话调研推荐 (issue 30) has no public link and no codes: issuing codes, the slips and the QR poster are
// refused by code with a Chinese detail (a 409, with the public address set, so the refusal is about the
// mode and not the missing address), while a 会议推荐 vote type of the same unit still gets all three.
import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminWorld } from './helpers/ballot-world';
import { createCompany, createVoteType } from './helpers/factories';
import { adminCalls } from './helpers/vote-control';

const w = useAdminWorld({ reset: false, env: { PUBLIC_URL: 'https://kp.example.cn' } });
const api = () => adminCalls(w.ctx.app, () => w.token);

let companyId: number;
let talk: { id: number };
let meeting: { id: number };

beforeAll(async () => {
  companyId = (await createCompany(w.ctx.app, w.token, '谈话推荐单位')).id;
  const make = (name: string, fields: object) =>
    createVoteType(w.ctx.app, w.token, companyId, {
      name,
      form_category: 'democratic_recommendation',
      ...fields,
    });
  talk = await make('谈话调研', { recommendation_mode: 'talk' });
  meeting = await make('会议推荐', { access_mode: 'codes' });
}, 60_000);

const refusal = (res: { statusCode: number; json: () => { code: string; detail: string } }) => ({
  status: res.statusCode,
  code: res.json().code,
  detail: res.json().detail,
});

describe('谈话调研推荐: no codes, no slips, no poster', () => {
  it('is stored in link mode; asked for codes, it is refused by code', async () => {
    const codes = await api().call('POST', '/vote-types/', {
      company_id: companyId,
      name: '谈话调研（测评码）',
      form_category: 'democratic_recommendation',
      recommendation_mode: 'talk',
      access_mode: 'codes',
    });
    expect(refusal(codes)).toMatchObject({ status: 422, code: 'RECOMMENDATION_TALK_ACCESS_MODE' });
    const res = await api().call('GET', `/vote-types/?company_id=${companyId}`);
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json<{ id: number }[]>().find((v) => v.id === talk.id);
    expect(row).toMatchObject({ recommendation_mode: 'talk', access_mode: 'link' });
  });

  it('refuses to issue codes, by code, and issues none', async () => {
    expect(refusal(await api().issue(talk.id, 5))).toEqual({
      status: 409,
      code: 'RECOMMENDATION_TALK_NO_CODES',
      detail: expect.stringMatching(/谈话调研推荐，不发放测评码.*录入谈话记录/),
    });
    const list = await api().list(talk.id);
    expect(list.json()).toMatchObject({ issued: 0 });
  });

  it('refuses the slips and the QR poster', async () => {
    expect(refusal(await api().call('GET', `/vote-types/${talk.id}/codes.pdf`))).toEqual({
      status: 409,
      code: 'RECOMMENDATION_TALK_NO_CODES',
      detail: expect.stringContaining('不打印测评码纸条'),
    });
    expect(refusal(await api().call('GET', `/vote-types/${talk.id}/poster.pdf`))).toEqual({
      status: 409,
      code: 'RECOMMENDATION_TALK_NO_POSTER',
      detail: '该投票类型为谈话调研推荐，不设公开投票链接，没有投票二维码海报',
    });
  });

  it('still issues codes and prints slips for a 会议推荐 vote type', async () => {
    expect((await api().issue(meeting.id, 3)).statusCode).toBe(201);
    const slips = await api().call('GET', `/vote-types/${meeting.id}/codes.pdf`);
    expect(slips.statusCode).toBe(200);
    expect(slips.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Codes mode prints slips, not a poster: the older refusal stands.
    expect((await api().call('GET', `/vote-types/${meeting.id}/poster.pdf`)).json().code).toBe(
      'POSTER_CODES_MODE',
    );
  });
});
