import { beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './helpers/test-app';
import { useUnitWorld } from './helpers/ballot-world';
import { bearer } from './helpers/factories';

// Every rule of spec §5 and issues 3-4 on PUT: a 422 whose detail names the field, and nothing saved.

let ctx: TestContext;
let token: string;
let companyId: number;
const w = useUnitWorld();
beforeEach(() => ({ ctx, token, companyId } = w));

const api = '/api/v1/admin/polls';
const headers = () => bearer(token);
type Schema = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function imported(kind: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${api}/copy-from-template`,
    headers: headers(),
    payload: { company_id: companyId, target_type: kind },
  });
  return res.json<{ id: number; form_schema: Schema }>();
}

/** PUTs a changed copy of the imported schema; expects 422 with `detail` and the poll unchanged. */
async function refused(kind: string, change: (s: Schema) => unknown, detail: string) {
  const poll = await imported(kind);
  const before = (await ctx.app.inject({ url: `${api}/${poll.id}`, headers: headers() })).json();
  const schema = structuredClone(poll.form_schema);
  const changed = change(schema) ?? schema;
  const res = await ctx.app.inject({
    method: 'PUT',
    url: `${api}/${poll.id}`,
    headers: headers(),
    payload: { title: '不应保存', form_schema: changed as object },
  });
  expect(res.statusCode, detail).toBe(422);
  expect(res.json(), detail).toEqual({ detail: `问卷内容有误：${detail}`, code: 'FORM_SCHEMA_INVALID' });
  const after = (await ctx.app.inject({ url: `${api}/${poll.id}`, headers: headers() })).json();
  expect(after, detail).toEqual(before);
}

describe('scoring form_schema rules', () => {
  const cases: [string, (s: Schema) => unknown, string][] = [
    [
      'reverse -150',
      (s) => void (s.reverseEvaluation.options[0].score = -150),
      '反向测评第 1 个选项：分值不能小于 -100',
    ],
    [
      'reverse 3.14159',
      (s) => void (s.reverseEvaluation.options[0].score = -3.14159),
      '反向测评第 1 个选项：分值必须是 0.1 的整数倍',
    ],
    [
      'reverse above 0',
      (s) => void (s.reverseEvaluation.options[0].score = 0.5),
      '反向测评第 1 个选项：分值不能大于 0',
    ],
    [
      'overall 3.14159',
      (s) => void (s.evaluationGroups[0].options[1].score = 3.14159),
      '总体评价第 2 个选项：分值必须是 0.1 的整数倍',
    ],
    [
      'item score string',
      (s) => void (s.evaluationGroups[1].options[0].score = '10'),
      '分项评价第 1 个选项：分值必须是数字',
    ],
    [
      'empty label',
      (s) => void (s.evaluationGroups[0].options[2].label = ' '),
      '总体评价第 3 个选项：选项名称不能为空',
    ],
    [
      'missing label',
      (s) => void delete s.evaluationGroups[1].options[0].label,
      '分项评价第 1 个选项：缺少选项名称',
    ],
    [
      'duplicate value',
      (s) => void (s.evaluationGroups[0].options[1].value = 'good'),
      '总体评价第 2 个选项：选项值“good”重复',
    ],
    [
      'duplicate item id',
      (s) => void (s.evaluationGroups[1].items[2].id = 'political_quality'),
      '分项评价第 3 个题目：题目编号“political_quality”重复',
    ],
    [
      'duplicate reverse id',
      (s) => void (s.reverseEvaluation.items[1].id = 'formalism'),
      '反向测评第 2 个题目：题目编号“formalism”重复',
    ],
    [
      'empty item name',
      (s) => void (s.evaluationGroups[1].items[0].name = ''),
      '分项评价第 1 个题目：题目名称不能为空',
    ],
    [
      'empty reverse description',
      (s) => void (s.reverseEvaluation.items[0].description = ''),
      '反向测评第 1 个题目：题目描述不能为空',
    ],
    ['one group', (s) => void s.evaluationGroups.pop(), '评价分组必须恰好包含 2 组：总体评价和分项评价'],
    ['no groups', (s) => void delete s.evaluationGroups, '缺少评价分组（evaluationGroups）'],
    ['one option', (s) => void s.evaluationGroups[0].options.splice(1), '总体评价：选项至少需要 2 个'],
    [
      'reverse items without options',
      (s) => void (s.reverseEvaluation.options = []),
      '反向测评：有反向测评题目时至少需要 1 个选项',
    ],
    [
      'unknown key',
      (s) => void (s.evaluationGroups[0].options[0].socre = 1),
      '总体评价第 1 个选项：选项不支持字段：socre',
    ],
    [
      'cadre schema on a company poll',
      () => ({ title: 't', pages: [] }),
      '缺少评价分组（evaluationGroups）；问卷内容不支持字段：title、pages',
    ],
  ];
  for (const [name, change, detail] of cases) {
    it(`refuses ${name}`, () => refused('company', change, detail));
  }

  it('refuses a form_schema string that is not JSON or not an object', async () => {
    const poll = await imported('person');
    for (const [form_schema, detail, code] of [
      ['{"evaluationGroups": [', '问卷内容不是有效的 JSON', 'FORM_SCHEMA_NOT_JSON'],
      ['[1, 2]', '问卷内容必须是对象', 'FORM_SCHEMA_NOT_OBJECT'],
      ['null', '问卷内容必须是对象', 'FORM_SCHEMA_NOT_OBJECT'],
    ]) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `${api}/${poll.id}`,
        headers: headers(),
        payload: { form_schema },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ detail, code });
    }
    const arr = await ctx.app.inject({
      method: 'PUT',
      url: `${api}/${poll.id}`,
      headers: headers(),
      payload: { form_schema: [] },
    });
    expect(arr.statusCode).toBe(422);
    expect(arr.json().detail).toContain('问卷内容必须是对象或 JSON 字符串');
  });

  it('accepts 0.3 and a reverse score of exactly -100', async () => {
    const poll = await imported('company');
    const s = structuredClone(poll.form_schema);
    s.evaluationGroups[1].options[1].score = 0.3;
    s.reverseEvaluation.options[0].score = -100;
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `${api}/${poll.id}`,
      headers: headers(),
      payload: { form_schema: s },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().form_schema).toEqual(s);
  });
});

describe('cadre form_schema rules', () => {
  const q = (s: Schema, page: number, index: number) => s.pages[page].questions[index];
  const cases: [string, (s: Schema) => unknown, string][] = [
    [
      'duplicate question id',
      (s) => void (q(s, 1, 0).id = 'overall'),
      '第 2 页第 1 题：题目编号“overall”重复',
    ],
    [
      'single choice with one option',
      (s) => void (q(s, 0, 0).options = ['好']),
      '第 1 页第 1 题：选择题至少需要 2 个选项',
    ],
    [
      'multiple choice with no options',
      (s) => void (q(s, 1, 0).options = []),
      '第 2 页第 1 题：选择题至少需要 2 个选项',
    ],
    ['empty option', (s) => void (q(s, 0, 1).options[2] = ''), '第 1 页第 2 题第 3 个选项：选项内容不能为空'],
    [
      'duplicate option',
      (s) => void (q(s, 0, 1).options[1] = '好'),
      '第 1 页第 2 题第 2 个选项：选项“好”重复',
    ],
    [
      'bad type',
      (s) => void (q(s, 0, 0).type = 'rating'),
      '第 1 页第 1 题：题型只能是单选（single_choice）、多选（multiple_choice）或文本（text_area）',
    ],
    ['empty text', (s) => void (q(s, 1, 1).text = ''), '第 2 页第 2 题：题目内容不能为空'],
    [
      'required not boolean',
      (s) => void (q(s, 1, 1).required = 'yes'),
      '第 2 页第 2 题：是否必答必须是 true 或 false',
    ],
    ['pages not a list', (s) => void (s.pages = {}), '页面必须是列表'],
  ];
  for (const [name, change, detail] of cases) {
    it(`refuses ${name}`, () => refused('cadre', change, detail));
  }
});

describe('newly promoted form_schema rules', () => {
  it('refuses unknown fields', () =>
    refused('newly_promoted', (s) => void (s.subtitle = 'x'), '问卷内容不支持字段：subtitle'));
  it('refuses non-text values', () =>
    refused('newly_promoted', (s) => void (s.footer_note = 3), '页脚说明必须是文本'));
});
