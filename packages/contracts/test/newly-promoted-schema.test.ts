import { describe, expect, it } from 'vitest';
import {
  NEWLY_PROMOTED_DEFAULTS,
  newlyPromotedFormSchema,
  normalizeNewlyPromotedSchema,
} from '../src/newly-promoted-schema';
import { parseFormSchema } from '../src/poll';

const defaults = { ...NEWLY_PROMOTED_DEFAULTS };

describe('normalizeNewlyPromotedSchema (reading)', () => {
  it('gives every default for none or a non-object', () => {
    for (const raw of [undefined, null, 0, 'not json', '"text"', '[1]', [], true]) {
      expect(normalizeNewlyPromotedSchema(raw), String(raw)).toEqual(defaults);
    }
  });

  it('keeps given texts, fills the default title when missing or blank, and parses a string', () => {
    expect(normalizeNewlyPromotedSchema({ reason_question: '原因？' })).toEqual({
      ...defaults,
      reason_question: '原因？',
    });
    expect(normalizeNewlyPromotedSchema({ title: '  ', footer_note: '' })).toEqual({
      ...defaults,
      footer_note: '',
    });
    expect(normalizeNewlyPromotedSchema(JSON.stringify({ title: '2024 年评议表' })).title).toBe(
      '2024 年评议表',
    );
    expect(normalizeNewlyPromotedSchema({ title: 5, reason_placeholder: null })).toEqual(defaults);
  });

  it('uses the Chinese default title and the spec texts', () => {
    expect(defaults.title).toBe('新提拔任用干部民主评议表');
    expect(defaults.footer_note).toBe('注：对所列干部的提拔任用有何看法请在相应选项内划圈（如 ○）。');
  });
});

describe('newlyPromotedFormSchema (saving)', () => {
  it('fills missing fields and a blank title, keeps other blanks', () => {
    expect(newlyPromotedFormSchema.parse({})).toEqual(defaults);
    expect(newlyPromotedFormSchema.parse({ title: '', reason_placeholder: '' })).toEqual({
      ...defaults,
      reason_placeholder: '',
    });
  });

  it('refuses unknown fields, non-text and too long values', () => {
    const err = (raw: unknown) => {
      const r = parseFormSchema('newly_promoted', raw);
      return r.success ? undefined : r.error;
    };
    expect(err({ subtitle: 'x' })).toBe('问卷内容有误：问卷内容不支持字段：subtitle');
    expect(err({ reason_question: 1 })).toBe('问卷内容有误：原因问题必须是文本');
    expect(err({ title: 'x'.repeat(101) })).toBe('问卷内容有误：问卷标题不能超过 100 个字符');
    expect(err('null')).toBe('问卷内容必须是对象');
  });
});

describe('phone texts', () => {
  it('default to texts for a screen: no footer, and a placeholder that mentions no paper', () => {
    const read = normalizeNewlyPromotedSchema({ footer_note: '注：请在相应选项内划圈。' });
    expect(read.phone_reason_placeholder).toBe('请填写不认同的主要原因');
    expect(read.phone_footer_note).toBe('');
    // The paper texts are kept for the printed form.
    expect(read.footer_note).toBe('注：请在相应选项内划圈。');
    expect(read.reason_placeholder).toBe(NEWLY_PROMOTED_DEFAULTS.reason_placeholder);
    for (const text of [read.phone_reason_placeholder, read.phone_footer_note]) {
      expect(text).not.toMatch(/划圈|背面|另附页/);
    }
  });

  it('are saved as the admin wrote them, blank on purpose too, within their limits', () => {
    expect(
      newlyPromotedFormSchema.parse({ phone_footer_note: ' 请逐一选择 ', phone_reason_placeholder: '' }),
    ).toMatchObject({ phone_footer_note: '请逐一选择', phone_reason_placeholder: '' });
    const r = parseFormSchema('newly_promoted', { phone_footer_note: 'x'.repeat(501) });
    expect(r.success ? undefined : r.error).toBe('问卷内容有误：手机页脚说明不能超过 500 个字符');
  });
});
