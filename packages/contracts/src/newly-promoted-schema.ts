import { z } from 'zod';
import { NEWLY_PROMOTED_OPINIONS, type NewlyPromotedOpinion } from './ballot-rules';

/** Poll kind of the newly promoted cadre questionnaire (spec §9). */
export const NEWLY_PROMOTED_KIND = 'newly_promoted';

/** The four fixed opinions (spec §9) live in the zod-free ballot-rules.ts. */
export { NEWLY_PROMOTED_OPINIONS, type NewlyPromotedOpinion };

/**
 * Spec §3 defaults; the spec's English title is shown in Chinese (DESIGN.md "Language"). The spec's
 * placeholder and footer are written for paper (划圈, 背面): they stay for the printed form, while the
 * voting page shows the phone texts, which default to a placeholder for a screen and no footer.
 */
export const NEWLY_PROMOTED_DEFAULTS = {
  title: '新提拔任用干部民主评议表',
  reason_question: '您对新提拔任用的干部表示不认同的主要原因是：',
  reason_placeholder: '（若此处填写不下，可写在背面或者另附页）',
  footer_note: '注：对所列干部的提拔任用有何看法请在相应选项内划圈（如 ○）。',
  phone_reason_placeholder: '请填写不认同的主要原因',
  phone_footer_note: '',
} as const;

export type NewlyPromotedField = keyof typeof NEWLY_PROMOTED_DEFAULTS;

const LIMITS: Record<NewlyPromotedField, [string, number]> = {
  title: ['问卷标题', 100],
  reason_question: ['原因问题', 500],
  reason_placeholder: ['原因提示文字', 200],
  footer_note: ['页脚说明', 500],
  phone_reason_placeholder: ['手机原因提示文字', 200],
  phone_footer_note: ['手机页脚说明', 500],
};

const field = (key: NewlyPromotedField) => {
  const [label, max] = LIMITS[key];
  return z
    .string({ error: `${label}必须是文本` })
    .trim()
    .max(max, { error: `${label}不能超过 ${max} 个字符` })
    .optional();
};

/**
 * form_schema of the newly promoted poll, as saved. A missing field takes its default; a blank title
 * takes the default title, while the other texts may be saved blank on purpose (e.g. no footer note).
 * `reason_placeholder` and `footer_note` are the paper form's; `phone_*` are the voting page's.
 */
export const newlyPromotedFormSchema = z
  .strictObject(
    {
      title: field('title'),
      reason_question: field('reason_question'),
      reason_placeholder: field('reason_placeholder'),
      footer_note: field('footer_note'),
      phone_reason_placeholder: field('phone_reason_placeholder'),
      phone_footer_note: field('phone_footer_note'),
    },
    {
      error: (iss) =>
        iss.code === 'unrecognized_keys'
          ? `问卷内容不支持字段：${iss.keys.join('、')}`
          : '问卷内容必须是对象',
    },
  )
  .transform((s) => ({
    title: s.title || NEWLY_PROMOTED_DEFAULTS.title,
    reason_question: s.reason_question ?? NEWLY_PROMOTED_DEFAULTS.reason_question,
    reason_placeholder: s.reason_placeholder ?? NEWLY_PROMOTED_DEFAULTS.reason_placeholder,
    footer_note: s.footer_note ?? NEWLY_PROMOTED_DEFAULTS.footer_note,
    phone_reason_placeholder: s.phone_reason_placeholder ?? NEWLY_PROMOTED_DEFAULTS.phone_reason_placeholder,
    phone_footer_note: s.phone_footer_note ?? NEWLY_PROMOTED_DEFAULTS.phone_footer_note,
  }));

export type NewlyPromotedFormSchema = z.output<typeof newlyPromotedFormSchema>;
export type NewlyPromotedFormSchemaInput = z.input<typeof newlyPromotedFormSchema>;

/**
 * The fill-in rule for reading (spec §3): none or not an object gives every default; a JSON string is
 * parsed first; each field that is not text takes its default; no (or a blank) title gets the default title.
 */
export function normalizeNewlyPromotedSchema(raw: unknown): NewlyPromotedFormSchema {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      value = undefined;
    }
  }
  const src =
    value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const pick = (key: NewlyPromotedField) => {
    const v = src[key];
    return typeof v === 'string' ? v : NEWLY_PROMOTED_DEFAULTS[key];
  };
  return {
    title: pick('title').trim() || NEWLY_PROMOTED_DEFAULTS.title,
    reason_question: pick('reason_question'),
    reason_placeholder: pick('reason_placeholder'),
    footer_note: pick('footer_note'),
    phone_reason_placeholder: pick('phone_reason_placeholder'),
    phone_footer_note: pick('phone_footer_note'),
  };
}

/** The answer key of one subject in a newly promoted ballot. */
export const subjectAnswerKey = (subjectId: number) => `subject_${subjectId}` as const;
