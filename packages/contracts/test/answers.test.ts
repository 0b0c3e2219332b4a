import { describe, expect, it } from 'vitest';
import { validateCadreAnswers, validateNewlyPromotedAnswers, validateScoringAnswers } from '../src/answers';
import { cadreFormSchema } from '../src/cadre-schema';
import { scoringFormSchema, type ScoringFormSchema } from '../src/scoring-schema';
import { companyTemplate } from '../src/templates/company';

const scoring = companyTemplate.form_schema as ScoringFormSchema;
const allItems = (value: string) =>
  Object.fromEntries(scoring.evaluationGroups[1].items.map((i) => [i.id, value]));
const errorOf = (r: { success: boolean; error?: string }) => (r.success ? undefined : r.error);

describe('validateScoringAnswers', () => {
  it('accepts a full ballot; reverse marks are optional and nulls are dropped', () => {
    const ballot = { overall: 'good', items: allItems('average') };
    expect(validateScoringAnswers(scoring, ballot)).toEqual({
      success: true,
      data: { ...ballot, reverse: {} },
    });
    const marked = { ...ballot, reverse: { formalism: 'present', inaction: null } };
    expect(validateScoringAnswers(scoring, marked)).toEqual({
      success: true,
      data: { ...ballot, reverse: { formalism: 'present' } },
    });
  });

  it('requires the overall choice and every item', () => {
    const items = allItems('good');
    delete items.unity;
    expect(errorOf(validateScoringAnswers(scoring, { items }))).toBe(
      '请选择总体评价；请对分项评价“团结协作”作出选择',
    );
  });

  it('refuses values that are not options and unknown keys', () => {
    const r = validateScoringAnswers(scoring, {
      overall: 'excellent',
      items: { ...allItems('good'), extra: 'good' },
      reverse: { formalism: 'yes', ghost: 'present' },
      comment: 'x',
    });
    expect(r.success).toBe(false);
    if (r.success) return;
    expect(r.errors).toEqual([
      '答卷包含未知的题目：comment',
      '总体评价的选项不存在',
      '分项评价包含未知的题目：extra',
      '反向测评包含未知的题目：ghost',
      '反向测评“形式主义、官僚主义问题”的选项不存在',
    ]);
    expect(r.error).toBe('答卷包含未知的题目：comment；总体评价的选项不存在；分项评价包含未知的题目：extra');
  });

  it('refuses wrong types', () => {
    expect(errorOf(validateScoringAnswers(scoring, null))).toBe('答卷格式无效：必须是对象');
    expect(errorOf(validateScoringAnswers(scoring, { overall: 1, items: [] }))).toBe(
      '总体评价的选项不存在；分项评价格式无效：必须是对象',
    );
    expect(
      errorOf(validateScoringAnswers(scoring, { overall: 'good', items: allItems('good'), reverse: 'x' })),
    ).toBe('反向测评格式无效：必须是对象');
  });

  it('uses the custom reverse title in messages', () => {
    const s = scoringFormSchema.parse({
      ...scoring,
      reverseEvaluation: { ...scoring.reverseEvaluation, title: '负面清单' },
    });
    const r = validateScoringAnswers(s, {
      overall: 'good',
      items: allItems('good'),
      reverse: { formalism: 'x' },
    });
    expect(errorOf(r)).toBe('负面清单“形式主义、官僚主义问题”的选项不存在');
  });
});

const cadre = cadreFormSchema.parse({
  pages: [
    {
      questions: [
        { id: 'q1', type: 'single_choice', text: '总体评价', options: ['好', '差'] },
        { id: 'q2', type: 'multiple_choice', text: '问题', options: ['甲', '乙', '丙'] },
      ],
    },
    {
      questions: [
        { id: 'q3', type: 'text_area', text: '建议' },
        { id: 'q4', type: 'text_area', text: '必答意见', required: true },
        { id: 'q5', type: 'single_choice', text: '选答', options: ['是', '否'], required: false },
      ],
    },
  ],
});

describe('validateCadreAnswers', () => {
  it('accepts a ballot, trims texts and drops unanswered optional questions', () => {
    const r = validateCadreAnswers(cadre, { q1: '好', q2: ['丙', '甲'], q3: '', q4: '  意见  ', q5: null });
    expect(r).toEqual({ success: true, data: { q1: '好', q2: ['丙', '甲'], q4: '意见' } });
  });

  it('requires choice questions and flagged text areas', () => {
    const r = validateCadreAnswers(cadre, { q2: [], q4: '   ' });
    expect(r.success).toBe(false);
    if (!r.success) {
      expect(r.errors).toEqual(['请回答第 1 题“总体评价”', '请回答第 2 题“问题”', '请回答第 4 题“必答意见”']);
    }
  });

  it('refuses unknown options, duplicates, wrong shapes and unknown keys', () => {
    const base = { q1: '好', q2: ['甲'], q4: '意见' };
    expect(errorOf(validateCadreAnswers(cadre, { ...base, q1: '一般' }))).toBe(
      '第 1 题“总体评价”的选项不存在',
    );
    expect(errorOf(validateCadreAnswers(cadre, { ...base, q1: ['好'] }))).toBe(
      '第 1 题“总体评价”的选项不存在',
    );
    expect(errorOf(validateCadreAnswers(cadre, { ...base, q2: ['甲', '甲'] }))).toBe(
      '第 2 题“问题”的选项重复',
    );
    expect(errorOf(validateCadreAnswers(cadre, { ...base, q2: ['丁'] }))).toBe('第 2 题“问题”的选项不存在');
    expect(errorOf(validateCadreAnswers(cadre, { ...base, q2: '甲' }))).toBe(
      '第 2 题“问题”是多选题，回答必须是选项列表',
    );
    expect(errorOf(validateCadreAnswers(cadre, { ...base, q3: 5 }))).toBe('第 3 题“建议”的回答必须是文本');
    expect(errorOf(validateCadreAnswers(cadre, { ...base, q9: 'x' }))).toBe('答卷包含未知的题目：q9');
    expect(errorOf(validateCadreAnswers(cadre, 'x'))).toBe('答卷格式无效：必须是对象');
  });

  it('allows 2,000 characters of text, counting an emoji as one', () => {
    const base = { q1: '好', q2: ['甲'], q4: '意见' };
    expect(validateCadreAnswers(cadre, { ...base, q3: '字'.repeat(2000) }).success).toBe(true);
    expect(validateCadreAnswers(cadre, { ...base, q3: '😀'.repeat(2000) }).success).toBe(true);
    expect(errorOf(validateCadreAnswers(cadre, { ...base, q3: '字'.repeat(2001) }))).toBe(
      '第 3 题“建议”的回答不能超过 2000 个字',
    );
  });
});

describe('validateNewlyPromotedAnswers', () => {
  it('accepts an opinion per active subject and a trimmed reason', () => {
    const r = validateNewlyPromotedAnswers([5, 9], {
      subject_5: '认同',
      subject_9: '不了解',
      reason: ' 理由 ',
    });
    expect(r).toEqual({ success: true, data: { subject_5: '认同', subject_9: '不了解', reason: '理由' } });
    expect(validateNewlyPromotedAnswers([5], { subject_5: '不认同', reason: '' })).toEqual({
      success: true,
      data: { subject_5: '不认同' },
    });
    expect(validateNewlyPromotedAnswers([], {})).toEqual({ success: true, data: {} });
  });

  it('requires every subject, names it when the name is given', () => {
    expect(errorOf(validateNewlyPromotedAnswers([5, { id: 9, name: '张三' }], {}))).toBe(
      '请对评议对象（ID 5）选择认同、基本认同、不认同或不了解；请对“张三”选择认同、基本认同、不认同或不了解',
    );
  });

  it('refuses other opinions, unknown or inactive subjects and bad reasons', () => {
    expect(errorOf(validateNewlyPromotedAnswers([5], { subject_5: '同意' }))).toBe(
      '对评议对象（ID 5）的评议只能是认同、基本认同、不认同或不了解',
    );
    expect(errorOf(validateNewlyPromotedAnswers([5], { subject_5: '认同', subject_7: '认同' }))).toBe(
      '答卷包含未知的题目：subject_7',
    );
    expect(errorOf(validateNewlyPromotedAnswers([5], { subject_5: '认同', reason: 3 }))).toBe(
      '不认同的原因必须是文本',
    );
    expect(errorOf(validateNewlyPromotedAnswers([5], { subject_5: '认同', reason: '长'.repeat(2001) }))).toBe(
      '不认同的原因不能超过 2000 个字',
    );
    expect(errorOf(validateNewlyPromotedAnswers([5], ['认同']))).toBe('答卷格式无效：必须是对象');
  });
});
