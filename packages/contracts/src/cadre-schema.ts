import { z } from 'zod';
import { isQuestionRequired, MAX_TEXT_ANSWER } from './ballot-rules';
import { fieldText, missingOr, optionalText, strict } from './common';

export const CADRE_QUESTION_TYPES = ['single_choice', 'multiple_choice', 'text_area'] as const;
export type CadreQuestionType = (typeof CADRE_QUESTION_TYPES)[number];
export const DEFAULT_CADRE_TITLE = '选人用人工作民主评议表';
// The answer rules live in the zod-free ballot-rules.ts so the voter pages can share them.
export { isQuestionRequired, MAX_TEXT_ANSWER };

/**
 * A question. `required` is optional: when absent, choice questions are required and text areas are not
 * (a voter must give an opinion, but need not write one); see isQuestionRequired.
 */
export const cadreQuestion = strict('题目', {
  id: fieldText('题目编号', 64),
  type: z.enum(CADRE_QUESTION_TYPES, {
    error: missingOr('题型', '题型只能是单选（single_choice）、多选（multiple_choice）或文本（text_area）'),
  }),
  text: fieldText('题目内容', 500),
  options: z
    .array(fieldText('选项内容', 200), { error: '选项必须是文本列表' })
    .max(50, { error: '选项不能超过 50 个' })
    .default([]),
  placeholder: optionalText('提示文字', 200).optional(),
  required: z.boolean({ error: '是否必答必须是 true 或 false' }).optional(),
}).superRefine((q, ctx) => {
  if (q.type === 'text_area') return;
  if (q.options.length < 2) {
    ctx.addIssue({ code: 'custom', path: ['options'], message: '选择题至少需要 2 个选项' });
  }
  const seen = new Set<string>();
  q.options.forEach((o, i) => {
    if (seen.has(o)) ctx.addIssue({ code: 'custom', path: ['options', i], message: `选项“${o}”重复` });
    seen.add(o);
  });
});

export const cadrePage = strict('页面', {
  questions: z
    .array(cadreQuestion, { error: '题目必须是列表' })
    .max(100, { error: '每页题目不能超过 100 个' })
    .default([]),
  footer_text: optionalText('页脚文字', 500).default(''),
});

/** form_schema of the cadre (选人用人工作) poll. No title means the default title; no pages is allowed. */
export const cadreFormSchema = strict('问卷内容', {
  title: optionalText('问卷标题', 100)
    .optional()
    .transform((t) => t || DEFAULT_CADRE_TITLE),
  pages: z.array(cadrePage, { error: '页面必须是列表' }).max(30, { error: '页面不能超过 30 页' }).default([]),
}).superRefine((s, ctx) => {
  // Answers are keyed by question id, so ids must be unique across all pages.
  const seen = new Set<string>();
  s.pages.forEach((p, pi) =>
    p.questions.forEach((q, qi) => {
      if (seen.has(q.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['pages', pi, 'questions', qi],
          message: `题目编号“${q.id}”重复`,
        });
      }
      seen.add(q.id);
    }),
  );
});

export type CadreFormSchema = z.output<typeof cadreFormSchema>;
export type CadreFormSchemaInput = z.input<typeof cadreFormSchema>;
export type CadreQuestion = z.output<typeof cadreQuestion>;
export type CadrePage = z.output<typeof cadrePage>;

/** Every question of the schema in page order. */
export function cadreQuestions(schema: CadreFormSchema): CadreQuestion[] {
  return schema.pages.flatMap((p) => p.questions);
}
