import { describe, expect, it } from 'vitest';
import { freshKey, normalizeScoringSchema, withOptions } from '@/features/scoring-polls/lib/scoring-draft';
import { draftProblem, scoreProblem } from '@/features/scoring-polls/lib/scoring-validation';

describe('scoring draft helpers', () => {
  it('opens a form_schema that arrives as a JSON string, filling what is missing', () => {
    const raw = JSON.stringify({
      evaluationGroups: [{ options: [{ label: '好', value: 'good', score: 40 }] }],
    });
    expect(normalizeScoringSchema(raw)).toEqual({
      evaluationGroups: [
        { options: [{ label: '好', value: 'good', score: 40 }] },
        { options: [], items: [] },
      ],
      reverseEvaluation: { title: '反向测评', options: [], items: [] },
    });
    expect(normalizeScoringSchema('not json').evaluationGroups[1].items).toEqual([]);
  });

  it('never reuses a value or id already taken', () => {
    expect(freshKey(['option_1', 'option_3'], 'option')).toBe('option_4');
    expect(freshKey(['a', 'b'], 'item')).toBe('item_3');
    expect(freshKey(['item_3', 'b'], 'item')).toBe('item_4');
  });

  it('replaces one group of options and keeps the others as they were', () => {
    const schema = normalizeScoringSchema({});
    const next = withOptions(schema, 'items', [{ label: '好', value: 'good', score: 10 }]);
    expect(next.evaluationGroups[0]).toBe(schema.evaluationGroups[0]);
    expect(next.reverseEvaluation).toBe(schema.reverseEvaluation);
    expect(next.evaluationGroups[1].options).toHaveLength(1);
  });
});

describe('scoring validation', () => {
  it('keeps reverse scores within -100..0 and every score on the 0.1 step', () => {
    expect(scoreProblem(-150, 'reverse')).toBe('反向测评分值不能小于 -100');
    expect(scoreProblem(3, 'reverse')).toBe('反向测评分值不能大于 0');
    expect(scoreProblem(-100, 'reverse')).toBeUndefined();
    expect(scoreProblem(3.14159, 'overall')).toBe('分值必须是 0.1 的整数倍');
    expect(scoreProblem(0.3, 'items')).toBeUndefined();
    expect(scoreProblem(null, 'items')).toBe('请输入分值');
  });

  it('explains in Chinese why a draft cannot be saved', () => {
    const schema = normalizeScoringSchema({
      evaluationGroups: [
        {
          options: [
            { label: '好', value: 'g', score: 1 },
            { label: '差', value: 'p', score: 0 },
          ],
        },
        {
          options: [
            { label: '好', value: 'g', score: 1 },
            { label: '差', value: 'p', score: 0 },
          ],
          items: [],
        },
      ],
    });
    expect(draftProblem('company', { title: ' ', description: '', schema })).toBe('问卷标题不能为空');
    expect(draftProblem('company', { title: '测评表', description: '', schema })).toBeUndefined();
    const bad = withOptions(schema, 'reverse', [{ label: '存在', value: 'x', score: -150 }]);
    expect(draftProblem('person', { title: '测评表', description: '', schema: bad })).toMatch(
      /反向测评.*-100/,
    );
  });
});
