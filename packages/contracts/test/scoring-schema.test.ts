import { describe, expect, it } from 'vitest';
import { describeSchemaPath, parseFormSchema } from '../src/poll';
import {
  bestScore,
  isScoreStep,
  scoringFormSchema,
  type ScoringFormSchemaInput,
} from '../src/scoring-schema';

const schema = (): ScoringFormSchemaInput => ({
  evaluationGroups: [
    {
      options: [
        { label: '好', value: 'good', score: 60 },
        { label: '差', value: 'poor', score: 0 },
      ],
    },
    {
      options: [
        { label: '好', value: 'good', score: 20 },
        { label: '差', value: 'poor', score: 0 },
      ],
      items: [
        { id: 'a', name: '政治素质' },
        { id: 'b', name: '履职能力' },
      ],
    },
  ],
  reverseEvaluation: { title: '', options: [{ label: '存在', value: 'yes', score: -2.5 }], items: [] },
});

const error = (raw: unknown) => {
  const r = parseFormSchema('company', raw);
  return r.success ? undefined : r.error;
};

describe('isScoreStep', () => {
  it('accepts multiples of 0.1 despite float noise and refuses the rest', () => {
    expect(isScoreStep(0.3)).toBe(true);
    expect(isScoreStep(0.1 + 0.2)).toBe(true);
    expect(isScoreStep(-100)).toBe(true);
    expect(isScoreStep(9.6)).toBe(true);
    expect(isScoreStep(9999.9)).toBe(true);
    expect(isScoreStep(3.14159)).toBe(false);
    expect(isScoreStep(0.05)).toBe(false);
    expect(isScoreStep(-0.01)).toBe(false);
  });
});

describe('scoringFormSchema', () => {
  it('fills the default reverse title and a missing reverse evaluation', () => {
    const parsed = scoringFormSchema.parse(schema());
    expect(parsed.reverseEvaluation.title).toBe('反向测评');
    const { reverseEvaluation: _, ...none } = schema();
    expect(scoringFormSchema.parse(none).reverseEvaluation).toEqual({
      title: '反向测评',
      options: [],
      items: [],
    });
  });

  it('stores float noise as the clean decimal', () => {
    const s = schema();
    s.evaluationGroups[1].options[0]!.score = 0.1 + 0.2;
    expect(scoringFormSchema.parse(s).evaluationGroups[1].options[0]!.score).toBe(0.3);
  });

  it('computes the best ballot: 60 + 2 × 20 = 100', () => {
    expect(bestScore(scoringFormSchema.parse(schema()))).toBe(100);
  });

  it('parses a JSON string the same as the object', () => {
    expect(parseFormSchema('person', JSON.stringify(schema()))).toEqual(parseFormSchema('person', schema()));
  });

  it('names the field and where it is in every refusal', () => {
    const s = schema();
    s.reverseEvaluation!.options[0]!.score = -150;
    expect(error(s)).toBe('问卷内容有误：反向测评第 1 个选项：分值不能小于 -100');
    s.reverseEvaluation!.options[0]!.score = 3.14159;
    expect(error(s)).toBe(
      '问卷内容有误：反向测评第 1 个选项：分值不能大于 0；反向测评第 1 个选项：分值必须是 0.1 的整数倍',
    );
    const t = schema();
    t.evaluationGroups[1].items.push({ id: 'a', name: '重复' });
    expect(error(t)).toBe('问卷内容有误：分项评价第 3 个题目：题目编号“a”重复');
    const u = schema();
    u.evaluationGroups[0].options[1]!.value = 'good';
    u.evaluationGroups[0].options[0]!.label = '';
    expect(error(u)).toBe(
      '问卷内容有误：总体评价第 1 个选项：选项名称不能为空；总体评价第 2 个选项：选项值“good”重复',
    );
    expect(error('{')).toBe('问卷内容不是有效的 JSON');
    expect(error([])).toBe('问卷内容必须是对象');
    expect(error({ evaluationGroups: [] })).toBe(
      '问卷内容有误：评价分组必须恰好包含 2 组：总体评价和分项评价',
    );
  });

  it('refuses reverse items without any reverse option, but allows no items at all', () => {
    const s = schema();
    s.reverseEvaluation = { options: [], items: [{ id: 'r', description: '问题' }] };
    expect(error(s)).toBe('问卷内容有误：反向测评：有反向测评题目时至少需要 1 个选项');
    s.reverseEvaluation.items = [];
    s.evaluationGroups[1].items = [];
    expect(error(s)).toBeUndefined();
  });
});

describe('describeSchemaPath', () => {
  it('turns issue paths into Chinese locations', () => {
    expect(describeSchemaPath(['evaluationGroups', 0, 'options', 2, 'score'])).toBe('总体评价第 3 个选项');
    expect(describeSchemaPath(['evaluationGroups', 1, 'items', 0, 'id'])).toBe('分项评价第 1 个题目');
    expect(describeSchemaPath(['pages', 1, 'questions', 0, 'options', 4])).toBe('第 2 页第 1 题第 5 个选项');
    expect(describeSchemaPath(['title'])).toBe('');
  });
});
