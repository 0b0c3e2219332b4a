import { beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './helpers/test-app';
import { useUnitWorld } from './helpers/ballot-world';
import { bearer } from './helpers/factories';

let ctx: TestContext;
let token: string;
let companyId: number;
const w = useUnitWorld();
beforeEach(() => ({ ctx, token, companyId } = w));

const api = '/api/v1/admin/polls';
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: `${api}${url}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const scoring = (reverseScore = -5, itemScore = 10) => ({
  evaluationGroups: [
    {
      options: [
        { label: '好', value: 'good', score: 40 },
        { label: '差', value: 'poor', score: 0 },
      ],
    },
    {
      options: [
        { label: '好', value: 'good', score: itemScore },
        { label: '差', value: 'poor', score: 0 },
      ],
      items: [{ id: 'a', name: '政治素质' }],
    },
  ],
  reverseEvaluation: {
    title: '反向测评',
    options: [{ label: '存在', value: 'yes', score: reverseScore }],
    items: [{ id: 'r1', description: '不担当不作为' }],
  },
});

const create = (body: Record<string, unknown>) =>
  call('POST', '/', { company_id: companyId, target_type: 'company', title: '测评表', ...body });

describe('POST /polls/', () => {
  it('creates a poll, parsing a form_schema sent as a JSON string and filling defaults', async () => {
    const { reverseEvaluation: _, ...noReverse } = scoring();
    const res = await create({ description: '说明', form_schema: JSON.stringify(noReverse) });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      title: '测评表',
      description: '说明',
      target_type: 'company',
      company_id: companyId,
    });
    expect(body.form_schema.reverseEvaluation).toEqual({ title: '反向测评', options: [], items: [] });
    expect((await call('GET', `/${body.id}`)).json()).toEqual(body);
  });

  it('stores float noise as the clean decimal (0.1 + 0.2 → 0.3)', async () => {
    const res = await create({ form_schema: scoring(-5, 0.1 + 0.2) });
    expect(res.statusCode).toBe(201);
    expect(res.json().form_schema.evaluationGroups[1].options[0].score).toBe(0.3);
  });

  it('refuses a second poll of the same kind, an unknown company and a bad schema', async () => {
    expect((await create({ form_schema: scoring() })).statusCode).toBe(201);
    const dup = await create({ form_schema: scoring() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      detail: '该单位已有领导班子民主测评问卷，不能重复创建',
      code: 'POLL_KIND_TAKEN',
    });

    const unknown = await call('POST', '/', {
      company_id: 999,
      target_type: 'person',
      title: 't',
      form_schema: {},
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: '单位不存在', code: 'COMPANY_NOT_FOUND' });

    const bad = await call('POST', '/', {
      company_id: companyId,
      target_type: 'person',
      title: '个人测评',
      form_schema: scoring(-150),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      detail: '问卷内容有误：反向测评第 1 个选项：分值不能小于 -100',
      code: 'FORM_SCHEMA_INVALID',
    });
    expect((await call('GET', `/company/${companyId}`)).json()).toHaveLength(1);
  });

  it('creates a newly promoted poll from an empty schema with every default', async () => {
    const res = await create({ target_type: 'newly_promoted', form_schema: {} });
    expect(res.statusCode).toBe(201);
    expect(res.json().form_schema.title).toBe('新提拔任用干部民主评议表');
    expect(res.json().form_schema.reason_placeholder).toBe('（若此处填写不下，可写在背面或者另附页）');
  });

  it('refuses bodies with missing, extra or mistyped fields', async () => {
    const cases: [unknown, string][] = [
      [{ company_id: companyId, target_type: 'company', form_schema: scoring() }, '缺少问卷标题'],
      [
        { company_id: companyId, target_type: 'company', title: '  ', form_schema: scoring() },
        '问卷标题不能为空',
      ],
      [
        { company_id: companyId, target_type: 'company', title: 5, form_schema: scoring() },
        '问卷标题必须是文本',
      ],
      [{ company_id: companyId, target_type: 'company', title: 't' }, '缺少问卷内容（form_schema）'],
      [
        { company_id: companyId, target_type: 'company', title: 't', form_schema: 7 },
        '问卷内容必须是对象或 JSON 字符串',
      ],
      [{ company_id: companyId, target_type: 'company', title: 't', form_schema: scoring(), id: 3 }, 'id'],
      [{ company_id: 0, target_type: 'company', title: 't', form_schema: scoring() }, '单位 ID必须是正整数'],
    ];
    for (const [payload, detail] of cases) {
      const res = await call('POST', '/', payload);
      expect(res.statusCode, detail).toBe(422);
      expect(res.json().detail, detail).toContain(detail);
    }
    expect((await call('GET', '/')).json()).toEqual([]);
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${api}/`,
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{"company_id": 1,',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: '请求体不是有效的 JSON', code: 'INVALID_JSON' });
  });
});

describe('PUT /polls/{id}', () => {
  it('saves title, description and form_schema, and leaves out what is not sent', async () => {
    const poll = (
      await call('POST', '/copy-from-template', { company_id: companyId, target_type: 'company' })
    ).json();
    const res = await call('PUT', `/${poll.id}`, {
      title: '新标题',
      description: '新说明',
      form_schema: scoring(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: poll.id,
      title: '新标题',
      description: '新说明',
      form_schema: scoring(),
    });
    expect(Date.parse(res.json().updated_at)).toBeGreaterThanOrEqual(Date.parse(poll.updated_at));

    const titleOnly = await call('PUT', `/${poll.id}`, { title: '只改标题' });
    expect(titleOnly.json()).toMatchObject({
      title: '只改标题',
      description: '新说明',
      form_schema: scoring(),
    });
    expect((await call('GET', `/${poll.id}`)).json().title).toBe('只改标题');
  });

  it('parses a form_schema string and fills the default title of a newly promoted schema', async () => {
    const poll = (
      await call('POST', '/copy-from-template', { company_id: companyId, target_type: 'newly_promoted' })
    ).json();
    const res = await call('PUT', `/${poll.id}`, {
      form_schema: JSON.stringify({ reason_question: '不认同的原因：', footer_note: '' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().form_schema).toEqual({
      title: '新提拔任用干部民主评议表',
      reason_question: '不认同的原因：',
      reason_placeholder: '（若此处填写不下，可写在背面或者另附页）',
      footer_note: '',
      phone_reason_placeholder: '请填写不认同的主要原因',
      phone_footer_note: '',
    });
    expect((await call('GET', `/${poll.id}`)).json().form_schema.reason_question).toBe('不认同的原因：');
  });

  it('saves a cadre schema with no title under the default title', async () => {
    const poll = (
      await call('POST', '/copy-from-template', { company_id: companyId, target_type: 'cadre' })
    ).json();
    const pages = [
      {
        questions: [
          { id: 'q1', type: 'multiple_choice', text: '存在的问题', options: ['甲', '乙', '丙'] },
          { id: 'q2', type: 'text_area', text: '建议', placeholder: '请填写' },
        ],
        footer_text: '谢谢',
      },
    ];
    const res = await call('PUT', `/${poll.id}`, { form_schema: { pages } });
    expect(res.statusCode).toBe(200);
    expect(res.json().form_schema.title).toBe('选人用人工作民主评议表');
    expect(res.json().form_schema.pages[0].questions[1]).toEqual({
      id: 'q2',
      type: 'text_area',
      text: '建议',
      placeholder: '请填写',
      options: [],
    });
  });

  it('answers 404 for an unknown poll, 400 for a bad id, 422 for an empty body', async () => {
    const missing = await call('PUT', '/555', { title: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: '问卷不存在', code: 'POLL_NOT_FOUND' });
    expect((await call('PUT', '/x1', { title: 'x' })).statusCode).toBe(400);
    const poll = (
      await call('POST', '/copy-from-template', { company_id: companyId, target_type: 'person' })
    ).json();
    const empty = await call('PUT', `/${poll.id}`, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail).toContain('请至少提供问卷标题、问卷说明或问卷内容中的一项');
  });
});
