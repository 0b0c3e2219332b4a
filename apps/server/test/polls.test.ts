import { beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './helpers/test-app';
import { useAdminWorld } from './helpers/ballot-world';
import { bearer, createCompany } from './helpers/factories';

let ctx: TestContext;
let token: string;
const w = useAdminWorld();
beforeEach(() => ({ ctx, token } = w));

const api = '/api/v1/admin/polls';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, t = token) =>
  ctx.app.inject({
    method,
    url: `${api}${url}`,
    headers: bearer(t),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const importPoll = (company_id: number, target_type: string) =>
  call('POST', '/copy-from-template', { company_id, target_type });

describe('copy-from-template', () => {
  it('creates each of the four kinds with the template content', async () => {
    const c = await createCompany(ctx.app, token);
    const company = await importPoll(c.id, 'company');
    expect(company.statusCode).toBe(201);
    const body = company.json();
    expect(body).toMatchObject({ title: '领导班子民主测评表', target_type: 'company', company_id: c.id });
    expect(body.form_schema.evaluationGroups[0].options.map((o: { label: string }) => o.label)).toEqual([
      '好',
      '较好',
      '一般',
      '差',
    ]);
    expect(body.form_schema.reverseEvaluation.title).toBe('反向测评');
    expect(typeof body.created_at).toBe('string');
    expect(typeof body.updated_at).toBe('string');

    const person = (await importPoll(c.id, 'person')).json();
    expect(person.title).toBe('领导人员民主测评表');
    expect(person.form_schema.evaluationGroups[1].items.map((i: { name: string }) => i.name)).toContain(
      '廉洁自律',
    );

    const cadre = await importPoll(c.id, 'cadre');
    expect(cadre.statusCode).toBe(201);
    expect(cadre.json().form_schema.title).toBe('选人用人工作民主评议表');
    expect(cadre.json().form_schema.pages.flatMap((p: { questions: unknown[] }) => p.questions)).toHaveLength(
      4,
    );

    const np = await importPoll(c.id, 'newly_promoted');
    expect(np.statusCode).toBe(201);
    expect(np.json().form_schema).toEqual({
      title: '新提拔任用干部民主评议表',
      reason_question: '您对新提拔任用的干部表示不认同的主要原因是：',
      reason_placeholder: '（若此处填写不下，可写在背面或者另附页）',
      footer_note: '注：对所列干部的提拔任用有何看法请在相应选项内划圈（如 ○）。',
      // The voting page's own texts: nothing about circles or the back of the page.
      phone_reason_placeholder: '请填写不认同的主要原因',
      phone_footer_note: '',
    });

    const list = await call('GET', `/company/${c.id}`);
    expect(list.json().map((p: { target_type: string }) => p.target_type)).toEqual([
      'company',
      'person',
      'cadre',
      'newly_promoted',
    ]);
  });

  it('answers 409 with a detail when the company already has that kind', async () => {
    const c = await createCompany(ctx.app, token);
    expect((await importPoll(c.id, 'cadre')).statusCode).toBe(201);
    const again = await importPoll(c.id, 'cadre');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      detail: '该单位已有选人用人工作问卷，不能重复创建',
      code: 'POLL_KIND_TAKEN',
    });
    expect((await call('GET', `/company/${c.id}`)).json()).toHaveLength(1);
  });

  it('answers 404 for an unknown company and 422 for a bad body', async () => {
    const missing = await importPoll(999, 'company');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: '单位不存在', code: 'COMPANY_NOT_FOUND' });

    const c = await createCompany(ctx.app, token);
    const badKind = await importPoll(c.id, 'department');
    expect(badKind.statusCode).toBe(422);
    expect(badKind.json().detail).toContain('问卷类型只能是 company、person、cadre 或 newly_promoted');
    const stringId = await call('POST', '/copy-from-template', {
      company_id: String(c.id),
      target_type: 'company',
    });
    expect(stringId.statusCode).toBe(422);
    expect(stringId.json().detail).toContain('单位 ID必须是数字');
    const extra = await call('POST', '/copy-from-template', {
      company_id: c.id,
      target_type: 'company',
      x: 1,
    });
    expect(extra.statusCode).toBe(422);
    expect(extra.json().detail).toContain('x');
    const missingKind = await call('POST', '/copy-from-template', { company_id: c.id });
    expect(missingKind.statusCode).toBe(422);
    expect(missingKind.json().detail).toContain('缺少问卷类型');
    expect((await call('GET', '/')).json()).toEqual([]);
  });
});

describe('reading polls', () => {
  it('lists all polls, filters by company and kind, and gets one by id', async () => {
    const a = await createCompany(ctx.app, token, '甲公司');
    const b = await createCompany(ctx.app, token, '乙公司');
    const pa = (await importPoll(a.id, 'company')).json();
    const pb = (await importPoll(b.id, 'person')).json();
    await importPoll(b.id, 'cadre');

    const all = await call('GET', '/');
    expect(all.statusCode).toBe(200);
    expect(all.json().map((p: { id: number }) => p.id)).toHaveLength(3);
    expect((await call('GET', `/?company_id=${b.id}`)).json()).toHaveLength(2);
    expect((await call('GET', '?target_type=person')).json().map((p: { id: number }) => p.id)).toEqual([
      pb.id,
    ]);
    expect((await call('GET', `/company/${b.id}?target_type=cadre`)).json()[0].target_type).toBe('cadre');

    const one = await call('GET', `/${pa.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(pa);
    expect(Object.keys(one.json()).sort()).toEqual(
      [
        'company_id',
        'created_at',
        'description',
        'form_schema',
        'id',
        'target_type',
        'title',
        'updated_at',
      ].sort(),
    );
  });

  it('answers an empty list for a company without polls and 404 for an unknown one', async () => {
    const c = await createCompany(ctx.app, token);
    expect((await call('GET', `/company/${c.id}`)).json()).toEqual([]);
    const missing = await call('GET', '/company/4242');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: '单位不存在', code: 'COMPANY_NOT_FOUND' });
  });

  it('answers 404 for an unknown poll and 400 for bad ids and filters', async () => {
    const missing = await call('GET', '/77');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: '问卷不存在', code: 'POLL_NOT_FOUND' });
    for (const url of [
      '/abc',
      '/0',
      '/-1',
      '/1.5',
      '/99999999999',
      '/company/abc',
      '/?target_type=x',
      '/?company_id=x',
    ]) {
      const res = await call('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(typeof res.json().detail, url).toBe('string');
    }
  });

  it('needs a bearer token on every call', async () => {
    const calls: [Method, string][] = [
      ['GET', '/'],
      ['GET', '/company/1'],
      ['POST', '/copy-from-template'],
      ['GET', '/1'],
      ['POST', '/'],
      ['PUT', '/1'],
      ['DELETE', '/1'],
      ['GET', '/1/stats'],
    ];
    for (const [method, url] of calls) {
      const res = await ctx.app.inject({ method, url: `${api}${url}` });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ detail: '请先登录', code: 'UNAUTHORIZED' });
    }
    const forged = await call('GET', '/', undefined, 'not-a-token');
    expect(forged.statusCode).toBe(401);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ url: '/api/v1/openapi.json' })).json();
    for (const path of [
      '/api/v1/admin/polls',
      '/api/v1/admin/polls/{id}',
      '/api/v1/admin/polls/{pollId}/stats',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(doc.paths['/api/v1/admin/polls/copy-from-template'].post).toBeDefined();
  });
});
