import type { CadreFormSchema } from '@kaoping/contracts/cadre-schema';
import { parseFormSchema } from '@kaoping/contracts/poll';
import { describe, expect, it } from 'vitest';
import { loadCadreSchema } from '@/features/cadre-polls/components/poll-editor/load-schema';
import {
  addPage,
  addQuestion,
  changeType,
  movePage,
  moveQuestion,
  newOptionText,
  removePage,
} from '@/features/cadre-polls/components/poll-editor/schema-ops';

const base: CadreFormSchema = {
  title: '表',
  pages: [
    {
      questions: [
        { id: 'q1', type: 'single_choice', text: '甲', options: ['好', '差'] },
        { id: 'q3', type: 'multiple_choice', text: '乙', options: ['一', '二'] },
      ],
      footer_text: '',
    },
  ],
};

describe('cadre schema operations', () => {
  it('adds pages and questions with ids unique across pages, valid for the contract', () => {
    let s = addPage(base);
    s = addQuestion(s, 1, 'multiple_choice');
    s = addQuestion(s, 1, 'text_area');
    const ids = s.pages.flatMap((p) => p.questions.map((q) => q.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(s.pages[1]!.questions.map((q) => q.type)).toEqual(['multiple_choice', 'text_area']);
    expect(parseFormSchema('cadre', s).success).toBe(true);
    expect(base.pages).toHaveLength(1);
  });

  it('moves and removes pages and questions', () => {
    const s = movePage(addPage(base), 0, 1);
    expect(s.pages[0]!.questions).toHaveLength(0);
    expect(removePage(s, 0).pages[0]!.questions).toHaveLength(2);
    expect(moveQuestion(base, 0, 0, 1).pages[0]!.questions.map((q) => q.id)).toEqual(['q3', 'q1']);
    // Moving past either end changes nothing.
    expect(moveQuestion(base, 0, 0, -1).pages[0]!.questions.map((q) => q.id)).toEqual(['q1', 'q3']);
  });

  it('changes types: choice to text drops options, text to choice starts with two', () => {
    const q = base.pages[0]!.questions[0]!;
    expect(changeType(q, 'multiple_choice')).toMatchObject({
      type: 'multiple_choice',
      options: ['好', '差'],
    });
    const text = changeType(q, 'text_area');
    expect(text).toMatchObject({ id: 'q1', type: 'text_area', options: [], placeholder: '' });
    expect(changeType(text, 'single_choice').options).toHaveLength(2);
    expect(changeType(text, 'single_choice')).not.toHaveProperty('placeholder');
  });

  it('names new options without clashing', () => {
    expect(newOptionText(['选项一', '选项二'])).toBe('选项三');
    expect(newOptionText(['选项三', 'x'])).toBe('选项四');
  });

  it('loads a stored schema leniently when it fails validation', () => {
    expect(loadCadreSchema(JSON.stringify(base))).toEqual({ schema: base, ok: true });
    const broken = loadCadreSchema({
      pages: [{ questions: [{ id: 'a', type: 'single_choice', text: 'x', options: ['一'] }] }],
    });
    expect(broken.ok).toBe(false);
    expect(broken.schema.title).toBe('选人用人工作民主评议表');
    expect(broken.schema.pages[0]!.questions[0]!.options).toEqual(['一']);
    expect(loadCadreSchema(undefined)).toEqual({
      schema: { title: '选人用人工作民主评议表', pages: [] },
      ok: true,
    });
  });
});
