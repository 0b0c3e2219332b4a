import { z } from 'zod';
import { fieldText, missingOr, strict } from './common';

/** Spec §9: reverse options score between -100 and 0, every score in steps of 0.1. */
export const REVERSE_SCORE_MIN = -100;
export const REVERSE_SCORE_MAX = 0;
export const SCORE_STEP = 0.1;
/** The spec shows no bounds for other scores; this only stops absurd numbers (and float overflow in sums). */
export const SCORE_LIMIT = 10_000;
export const DEFAULT_REVERSE_TITLE = '反向测评';

/** True when x is a multiple of 0.1 up to float noise: 0.3 (0.30000000000000004) yes, 3.14159 no. */
export function isScoreStep(x: number): boolean {
  const tenths = x * 10;
  return Math.abs(tenths - Math.round(tenths)) < 1e-7;
}

const score = (min: number, max: number, label = '分值') =>
  z
    .number({ error: missingOr(label, `${label}必须是数字`) })
    .min(min, { error: `${label}不能小于 ${min}` })
    .max(max, { error: `${label}不能大于 ${max}` })
    .refine(isScoreStep, { error: `${label}必须是 0.1 的整数倍` })
    // Stored as the clean decimal, so 0.30000000000000004 never reaches a sum.
    .transform((x) => Math.round(x * 10) / 10);

const option = (min: number, max: number) =>
  strict('选项', {
    label: fieldText('选项名称', 50),
    value: fieldText('选项值', 64),
    score: score(min, max),
  });

const list = <T extends z.ZodType>(label: string, item: T, min: number, max: number) =>
  z
    .array(item, { error: missingOr(label, `${label}必须是列表`) })
    .min(min, { error: `${label}至少需要 ${min} 个` })
    .max(max, { error: `${label}不能超过 ${max} 个` });

/** Adds an issue for each value seen twice, at the path of the second one. */
function unique<T>(
  rows: readonly T[],
  key: (row: T) => string,
  where: string,
  what: string,
  ctx: z.RefinementCtx,
) {
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    const k = key(row);
    if (seen.has(k)) ctx.addIssue({ code: 'custom', path: [where, i], message: `${what}“${k}”重复` });
    seen.add(k);
  });
}

const options = (min: number, max: number, atLeast: number) => list('选项', option(min, max), atLeast, 20);

export const scoringOption = option(-SCORE_LIMIT, SCORE_LIMIT);
export const reverseOption = option(REVERSE_SCORE_MIN, REVERSE_SCORE_MAX);

export const evaluationItem = strict('评价项目', {
  id: fieldText('题目编号', 64),
  name: fieldText('题目名称', 100),
});
export const reverseItem = strict('反向测评题目', {
  id: fieldText('题目编号', 64),
  description: fieldText('题目描述', 200),
});

const groupTitle = z.string({ error: '分组标题必须是文本' }).trim().max(50).optional();

/** evaluationGroups[0]: the one overall judgement (e.g. 好/较好/一般/差). */
export const overallGroup = strict('总体评价', {
  title: groupTitle,
  options: options(-SCORE_LIMIT, SCORE_LIMIT, 2),
}).superRefine((g, ctx) => unique(g.options, (o) => o.value, 'options', '选项值', ctx));

/** evaluationGroups[1]: one judgement per item, all items sharing the same options. */
export const itemGroup = strict('分项评价', {
  title: groupTitle,
  options: options(-SCORE_LIMIT, SCORE_LIMIT, 2),
  items: list('评价项目', evaluationItem, 0, 100),
}).superRefine((g, ctx) => {
  unique(g.options, (o) => o.value, 'options', '选项值', ctx);
  unique(g.items, (i) => i.id, 'items', '题目编号', ctx);
});

/** Problems a voter may mark; each mark lowers the score (options score -100..0). */
export const reverseEvaluation = strict('反向测评', {
  title: z
    .string({ error: '反向测评标题必须是文本' })
    .trim()
    .max(50, { error: '反向测评标题不能超过 50 个字符' })
    .optional()
    .transform((t) => t || DEFAULT_REVERSE_TITLE),
  options: options(REVERSE_SCORE_MIN, REVERSE_SCORE_MAX, 0),
  items: list('反向测评题目', reverseItem, 0, 100),
}).superRefine((r, ctx) => {
  unique(r.options, (o) => o.value, 'options', '选项值', ctx);
  unique(r.items, (i) => i.id, 'items', '题目编号', ctx);
  if (r.items.length > 0 && r.options.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['options'], message: '有反向测评题目时至少需要 1 个选项' });
  }
});

/** form_schema of company and person polls (spec §3). A missing reverseEvaluation means none. */
export const scoringFormSchema = strict('问卷内容', {
  evaluationGroups: z.tuple([overallGroup, itemGroup], {
    error: missingOr('评价分组（evaluationGroups）', '评价分组必须恰好包含 2 组：总体评价和分项评价'),
  }),
  reverseEvaluation: reverseEvaluation.default({ title: DEFAULT_REVERSE_TITLE, options: [], items: [] }),
});

export type ScoringFormSchema = z.output<typeof scoringFormSchema>;
export type ScoringFormSchemaInput = z.input<typeof scoringFormSchema>;
export type ScoringOption = z.output<typeof scoringOption>;

/** Best possible ballot: top overall option + top option on every item + no reverse mark. */
export function bestScore(schema: ScoringFormSchema): number {
  const top = (opts: readonly ScoringOption[]) => Math.max(...opts.map((o) => Math.round(o.score * 10)));
  const [overall, items] = schema.evaluationGroups;
  return (top(overall.options) + items.items.length * top(items.options)) / 10;
}
