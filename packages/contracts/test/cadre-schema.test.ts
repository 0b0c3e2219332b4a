import { describe, expect, it } from 'vitest';
import { cadreFormSchema, isQuestionRequired } from '../src/cadre-schema';
import { parseFormSchema } from '../src/poll';

const error = (raw: unknown) => {
  const r = parseFormSchema('cadre', raw);
  return r.success ? undefined : r.error;
};
const single = (id: string, options = ['是', '否']) => ({
  id,
  type: 'single_choice',
  text: `题目${id}`,
  options,
});

describe('cadreFormSchema', () => {
  it('fills the default title, no pages, empty options and footer text', () => {
    expect(cadreFormSchema.parse({})).toEqual({ title: '选人用人工作民主评议表', pages: [] });
    expect(cadreFormSchema.parse({ title: '  ', pages: [{}] })).toEqual({
      title: '选人用人工作民主评议表',
      pages: [{ questions: [], footer_text: '' }],
    });
    const text = { id: 't', type: 'text_area', text: '建议' };
    expect(
      cadreFormSchema.parse({ title: '自定义', pages: [{ questions: [text] }] }).pages[0]!.questions[0],
    ).toEqual({
      ...text,
      options: [],
    });
  });

  it('refuses duplicate question ids across pages', () => {
    expect(error({ pages: [{ questions: [single('a')] }, { questions: [single('b'), single('a')] }] })).toBe(
      '问卷内容有误：第 2 页第 2 题：题目编号“a”重复',
    );
  });

  it('needs two distinct non-empty options on choice questions, none on text areas', () => {
    expect(error({ pages: [{ questions: [single('a', ['是'])] }] })).toBe(
      '问卷内容有误：第 1 页第 1 题：选择题至少需要 2 个选项',
    );
    expect(error({ pages: [{ questions: [single('a', ['是', ' '])] }] })).toBe(
      '问卷内容有误：第 1 页第 1 题第 2 个选项：选项内容不能为空',
    );
    expect(error({ pages: [{ questions: [single('a', ['是', '是'])] }] })).toBe(
      '问卷内容有误：第 1 页第 1 题第 2 个选项：选项“是”重复',
    );
    expect(error({ pages: [{ questions: [{ id: 'x', type: 'text_area', text: '建议' }] }] })).toBeUndefined();
  });

  it('refuses unknown fields, types and missing texts', () => {
    expect(error({ pages: [{ questions: [{ ...single('a'), type: 'rating' }] }] })).toContain(
      '题型只能是单选',
    );
    expect(error({ pages: [{ questions: [{ id: 'a', type: 'text_area' }] }] })).toBe(
      '问卷内容有误：第 1 页第 1 题：缺少题目内容',
    );
    expect(error({ pages: [], subtitle: 'x' })).toBe('问卷内容有误：问卷内容不支持字段：subtitle');
    expect(error({ pages: [{ questions: [single('a')], footer: 'x' }] })).toBe(
      '问卷内容有误：第 1 页：页面不支持字段：footer',
    );
  });
});

describe('isQuestionRequired', () => {
  it('choice questions yes, text areas no, unless the flag says otherwise', () => {
    expect(isQuestionRequired({ type: 'single_choice' })).toBe(true);
    expect(isQuestionRequired({ type: 'multiple_choice' })).toBe(true);
    expect(isQuestionRequired({ type: 'text_area' })).toBe(false);
    expect(isQuestionRequired({ type: 'text_area', required: true })).toBe(true);
    expect(isQuestionRequired({ type: 'single_choice', required: false })).toBe(false);
  });
});
