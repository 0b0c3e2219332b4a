import { beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './helpers/test-app';
import { createCompany } from './helpers/factories';
import {
  buildBallotFixture,
  PUBLIC,
  submission,
  submit,
  type BallotFixture,
} from './helpers/ballot-fixtures';
import { useBallotWorld } from './helpers/ballot-world';

let ctx: TestContext;
let token: string;
let f: BallotFixture;
let other: BallotFixture;

const w = useBallotWorld();
beforeEach(async () => {
  ({ ctx, token, f } = w);
  other = await buildBallotFixture(ctx.app, token, { name: '其他单位', persons: 1 });
});

const get = (path: string) => ctx.app.inject({ method: 'GET', url: `${PUBLIC}${path}` });
const ids = (list: { id: number }[]) => list.map((x) => x.id);

describe('company-addressed reads', () => {
  it('GET /company/{id}: the scoring polls and whether this voter voted in the appraisal family', async () => {
    const body = submission(f);
    await submit(ctx.app, body);
    const anon = (await get(`/company/${f.company.id}`)).json();
    expect(anon.company).toEqual({ id: f.company.id, name: '华东能源有限公司' });
    expect(ids(anon.polls)).toEqual([f.polls.company.id, f.polls.person.id]);
    expect(Object.keys(anon.polls[0]).sort()).toEqual(
      ['company_id', 'description', 'form_schema', 'id', 'target_type', 'title'].sort(),
    );
    expect(anon.has_voted).toBe(false);
    const voter = (await get(`/company/${f.company.id}?voter_identifier=${body.voter_identifier}`)).json();
    expect(voter.has_voted).toBe(true);
    expect(
      (await get(`/company/${other.company.id}?voter_identifier=${body.voter_identifier}`)).json().has_voted,
    ).toBe(false);
    expect((await get('/company/99999')).json()).toEqual({ detail: '单位不存在', code: 'COMPANY_NOT_FOUND' });
  });

  it('GET /cadre-poll/{id}: the cadre poll and whether this voter voted in the evaluation family', async () => {
    const body = submission(f, 'evaluation');
    const res = (await get(`/cadre-poll/${f.company.id}?voter_identifier=${body.voter_identifier}`)).json();
    expect(res).toMatchObject({ poll: { id: f.polls.cadre.id, target_type: 'cadre' }, has_voted: false });
    await submit(ctx.app, body);
    const after = (await get(`/cadre-poll/${f.company.id}?voter_identifier=${body.voter_identifier}`)).json();
    expect(after.has_voted).toBe(true);
  });

  it('GET /company/{id}/targets: active targets only, by sort_order, filterable by type', async () => {
    const all = (await get(`/company/${f.company.id}/targets`)).json();
    expect(ids(all)).toEqual([f.companyTarget.id, ...ids(f.persons)]);
    expect(ids(all)).not.toContain(f.inactiveTarget.id);
    expect(ids((await get(`/company/${f.company.id}/targets?target_type=company`)).json())).toEqual([
      f.companyTarget.id,
    ]);
    expect((await get(`/company/${f.company.id}/targets?target_type=group`)).statusCode).toBe(400);
  });

  it('GET /company/{id}/{type}: the poll of that kind, 404 when absent, 400 for an unknown kind', async () => {
    for (const kind of ['company', 'person', 'cadre', 'newly_promoted'] as const) {
      const poll = (await get(`/company/${f.company.id}/${kind}`)).json();
      expect(poll).toMatchObject({ id: f.polls[kind].id, target_type: kind, company_id: f.company.id });
    }
    expect((await get(`/company/${f.company.id}/secret`)).statusCode).toBe(400);
    const empty = await createCompany(ctx.app, token, '空单位');
    expect((await get(`/company/${empty.id}/cadre`)).json()).toEqual({
      detail: '该单位暂无选人用人工作问卷',
      code: 'NO_POLL_OF_KIND',
    });
    expect((await get(`/cadre-poll/${empty.id}`)).statusCode).toBe(404);
    expect((await get(`/company/99999/person`)).json()).toEqual({
      detail: '单位不存在',
      code: 'COMPANY_NOT_FOUND',
    });
  });

  it('GET /evaluation-subjects/{id}: active subjects only, by sort_order', async () => {
    const list = (await get(`/evaluation-subjects/${f.company.id}`)).json();
    expect(ids(list)).toEqual(ids(f.subjects));
    expect(Object.keys(list[0]).sort()).toEqual(
      ['birth_date', 'current_position', 'id', 'name', 'previous_position', 'sort_order'].sort(),
    );
  });

  it('answers each poll with its form_schema as read back, and hides one whose stored schema no longer reads', async () => {
    const { db } = ctx.database;
    const { polls } = await import('../src/db/schema');
    const { eq } = await import('drizzle-orm');
    const cadre = (await get(`/company/${f.company.id}/cadre`)).json();
    expect(cadre.form_schema.pages.length).toBeGreaterThan(0);
    expect((await get(`/cadre-poll/${f.company.id}`)).json().poll.form_schema).toEqual(cadre.form_schema);
    // Newly promoted schemas read by the spec's fill-in rule: a stored {} answers every default.
    await db.update(polls).set({ formSchema: {} }).where(eq(polls.id, f.polls.newly_promoted.id));
    expect((await get(`/${f.polls.newly_promoted.id}`)).json().form_schema).toEqual({
      title: '新提拔任用干部民主评议表',
      reason_question: '您对新提拔任用的干部表示不认同的主要原因是：',
      reason_placeholder: '（若此处填写不下，可写在背面或者另附页）',
      footer_note: '注：对所列干部的提拔任用有何看法请在相应选项内划圈（如 ○）。',
      phone_reason_placeholder: '请填写不认同的主要原因',
      phone_footer_note: '',
    });
    // A hand edit that breaks a schema: voters no longer see that poll, as the ballot itself leaves it out.
    await db
      .update(polls)
      .set({ formSchema: { pages: 'x' } })
      .where(eq(polls.id, f.polls.cadre.id));
    await db
      .update(polls)
      .set({ formSchema: { evaluationGroups: [] } })
      .where(eq(polls.id, f.polls.person.id));
    expect((await get(`/cadre-poll/${f.company.id}`)).json()).toEqual({
      detail: '该单位暂无选人用人工作问卷',
      code: 'NO_POLL_OF_KIND',
    });
    expect((await get(`/company/${f.company.id}/cadre`)).statusCode).toBe(404);
    expect((await get(`/${f.polls.cadre.id}`)).json()).toEqual({
      detail: '问卷不存在',
      code: 'POLL_NOT_FOUND',
    });
    expect(ids((await get(`/company/${f.company.id}`)).json().polls)).toEqual([f.polls.company.id]);
  });

  it('GET /{id}: a poll for voters; 404 for an unknown id', async () => {
    expect((await get(`/${f.polls.person.id}`)).json()).toMatchObject({
      id: f.polls.person.id,
      title: '领导人员民主测评表',
    });
    expect((await get('/99999')).json()).toEqual({ detail: '问卷不存在', code: 'POLL_NOT_FOUND' });
    expect((await get('/abc')).statusCode).toBe(400);
  });
});

describe('public results', () => {
  const publish = (id: number, on = true) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/vote-types/${id}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { results_public: on },
    });
  // Public figures need a closed vote and at least 5 ballots (issue 12).
  const close = (id: number) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/vote-types/${id}/close`,
      headers: { authorization: `Bearer ${token}` },
    });
  const five = async (family: 'appraisal' | 'evaluation') => {
    for (let i = 0; i < 5; i++) expect((await submit(ctx.app, submission(f, family))).statusCode).toBe(201);
  };

  it('lists nothing and refuses stats until an admin publishes a vote type’s results', async () => {
    await submit(ctx.app, submission(f));
    expect((await get('/')).json()).toEqual([]);
    const res = await get(`/${f.polls.person.id}/stats`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: '该问卷的结果未公开', code: 'RESULTS_NOT_PUBLISHED' });
    expect((await get('/99999/stats')).statusCode).toBe(404);
  });

  it('publishes scoring aggregates per target of the published vote type only', async () => {
    await five('appraisal');
    expect((await publish(f.appraisal.id)).statusCode).toBe(200);
    expect((await close(f.appraisal.id)).statusCode).toBe(200);
    const company = { id: f.company.id, name: f.company.name };
    expect((await get('/')).json()).toEqual([
      { id: f.polls.company.id, title: '领导班子民主测评表', target_type: 'company', company },
      { id: f.polls.person.id, title: '领导人员民主测评表', target_type: 'person', company },
    ]);
    const stats = (await get(`/${f.polls.person.id}/stats`)).json();
    expect(stats.vote_types).toHaveLength(1);
    expect(stats.vote_types[0]).toMatchObject({ name: '班子成员', ballot_count: 5 });
    expect(stats.vote_types[0].targets.map((t: { name: string }) => t.name)).toEqual([
      '王建国',
      '李红梅',
      '张志强',
    ]);
    expect(stats.vote_types[0].targets[0]).toMatchObject({ count: 5, mean: 100, good_rate: 100 });
    // The evaluation polls of the same company stay private.
    expect((await get(`/${f.polls.cadre.id}/stats`)).statusCode).toBe(403);
  });

  it('publishes evaluation figures without the free-text answers', async () => {
    await five('evaluation');
    await publish(f.evaluation.id);
    await close(f.evaluation.id);
    const cadre = (await get(`/${f.polls.cadre.id}/stats`)).json();
    const questions = cadre.vote_types[0].questions;
    expect(questions.find((q: { id: string }) => q.id === 'overall').options[0]).toEqual({
      option: '好',
      count: 5,
      share: 100,
    });
    expect(JSON.stringify(cadre)).not.toContain('加强培训');
    const promoted = (await get(`/${f.polls.newly_promoted.id}/stats`)).json();
    expect(promoted.vote_types[0].subjects.map((s: { name: string }) => s.name)).toEqual(['周明', '吴敏']);
    expect(promoted.vote_types[0].subjects[0]).toMatchObject({
      count: 5,
      approval_rate: 100,
      flagged: false,
    });
  });
});
