import { cadreQuestions, isQuestionRequired, MAX_TEXT_ANSWER, type CadreFormSchema } from './cadre-schema';
import { NEWLY_PROMOTED_OPINIONS, type NewlyPromotedOpinion } from './newly-promoted-schema';
import type { ScoringFormSchema } from './scoring-schema';

/**
 * A voter's answers, checked against a poll's form_schema (DESIGN.md "Voting"). Used by the server on
 * submit and by the browser before it. On success `data` is the clean copy to store: unanswered
 * optional entries (null, '', []) are dropped and texts are trimmed.
 */
export type AnswerCheck<T> = { success: true; data: T } | { success: false; error: string; errors: string[] };

/** Scoring poll, per target: option values. `reverse` holds only the problems the voter marked. */
export interface ScoringAnswers {
  overall: string;
  items: Record<string, string>;
  reverse: Record<string, string>;
}

/** Cadre poll: question id → chosen option, chosen options (multiple choice) or text. */
export type CadreAnswers = Record<string, string | string[]>;

/** Newly promoted poll: `subject_{id}` → opinion for every active subject, plus an optional reason. */
export type NewlyPromotedAnswers = { [key: `subject_${number}`]: NewlyPromotedOpinion } & { reason?: string };

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const isBlank = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
/** Characters as a person counts them (an emoji is one), not UTF-16 units. */
const charCount = (s: string) => [...s].length;

function done<T>(data: T, errors: string[]): AnswerCheck<T> {
  if (errors.length === 0) return { success: true, data };
  return { success: false, error: errors.slice(0, 3).join('；'), errors };
}

function unknownKeys(obj: Obj, known: ReadonlySet<string>, where: string, errors: string[]) {
  const extra = Object.keys(obj).filter((k) => !known.has(k));
  if (extra.length > 0) errors.push(`${where}包含未知的题目：${extra.join('、')}`);
}

interface ScoringSets {
  overall: ReadonlySet<string>;
  itemIds: ReadonlySet<string>;
  items: ReadonlySet<string>;
  reverseIds: ReadonlySet<string>;
  reverse: ReadonlySet<string>;
}

const TOP_KEYS: ReadonlySet<string> = new Set(['overall', 'items', 'reverse']);
// A schema's ids and option values as sets, built once per schema object: the server checks every
// ballot of a vote against the same parsed schemas (schemas are never changed in place).
const scoringSets = new WeakMap<ScoringFormSchema, ScoringSets>();

function setsOf(schema: ScoringFormSchema): ScoringSets {
  let sets = scoringSets.get(schema);
  if (!sets) {
    const [overallGroup, itemGroup] = schema.evaluationGroups;
    const rev = schema.reverseEvaluation;
    const values = (opts: readonly { value: string }[]) => new Set(opts.map((o) => o.value));
    sets = {
      overall: values(overallGroup.options),
      itemIds: new Set(itemGroup.items.map((i) => i.id)),
      items: values(itemGroup.options),
      reverseIds: new Set(rev.items.map((i) => i.id)),
      reverse: values(rev.options),
    };
    scoringSets.set(schema, sets);
  }
  return sets;
}

/**
 * Scoring ballot for one target: the overall choice and every item are required; reverse marks are
 * optional (a voter marks only the problems seen). Every value must be an option of its group.
 */
export function validateScoringAnswers(schema: ScoringFormSchema, raw: unknown): AnswerCheck<ScoringAnswers> {
  const errors: string[] = [];
  const data: ScoringAnswers = { overall: '', items: {}, reverse: {} };
  if (!isObject(raw)) return done(data, ['答卷格式无效：必须是对象']);
  const sets = setsOf(schema);
  unknownKeys(raw, TOP_KEYS, '答卷', errors);
  const [, itemGroup] = schema.evaluationGroups;
  const rev = schema.reverseEvaluation;

  if (isBlank(raw.overall)) errors.push('请选择总体评价');
  else if (typeof raw.overall !== 'string' || !sets.overall.has(raw.overall))
    errors.push('总体评价的选项不存在');
  else data.overall = raw.overall;

  const items = raw.items ?? {};
  if (!isObject(items)) errors.push('分项评价格式无效：必须是对象');
  else {
    unknownKeys(items, sets.itemIds, '分项评价', errors);
    for (const item of itemGroup.items) {
      const v = items[item.id];
      if (isBlank(v)) errors.push(`请对分项评价“${item.name}”作出选择`);
      else if (typeof v !== 'string' || !sets.items.has(v)) errors.push(`分项评价“${item.name}”的选项不存在`);
      else data.items[item.id] = v;
    }
  }

  const reverse = raw.reverse ?? {};
  if (!isObject(reverse)) errors.push(`${rev.title}格式无效：必须是对象`);
  else {
    unknownKeys(reverse, sets.reverseIds, rev.title, errors);
    for (const item of rev.items) {
      const v = reverse[item.id];
      if (isBlank(v)) continue;
      if (typeof v !== 'string' || !sets.reverse.has(v))
        errors.push(`${rev.title}“${item.description}”的选项不存在`);
      else data.reverse[item.id] = v;
    }
  }
  return done(data, errors);
}

/** Cadre ballot keyed by question id; see isQuestionRequired for which questions must be answered. */
export function validateCadreAnswers(schema: CadreFormSchema, raw: unknown): AnswerCheck<CadreAnswers> {
  const errors: string[] = [];
  const data: CadreAnswers = {};
  if (!isObject(raw)) return done(data, ['答卷格式无效：必须是对象']);
  const questions = cadreQuestions(schema);
  unknownKeys(raw, new Set(questions.map((q) => q.id)), '答卷', errors);
  questions.forEach((q, index) => {
    const name = `第 ${index + 1} 题“${q.text}”`;
    const v = typeof raw[q.id] === 'string' ? (raw[q.id] as string).trim() : raw[q.id];
    if (isBlank(v)) {
      if (isQuestionRequired(q)) errors.push(`请回答${name}`);
      return;
    }
    if (q.type === 'text_area') {
      if (typeof v !== 'string') errors.push(`${name}的回答必须是文本`);
      else if (charCount(v) > MAX_TEXT_ANSWER) errors.push(`${name}的回答不能超过 ${MAX_TEXT_ANSWER} 个字`);
      else data[q.id] = v;
    } else if (q.type === 'single_choice') {
      if (typeof v !== 'string' || !q.options.includes(v)) errors.push(`${name}的选项不存在`);
      else data[q.id] = v;
    } else {
      if (!Array.isArray(v) || !v.every((o) => typeof o === 'string')) {
        errors.push(`${name}是多选题，回答必须是选项列表`);
      } else if (new Set(v).size !== v.length) errors.push(`${name}的选项重复`);
      else if (!v.every((o) => q.options.includes(o))) errors.push(`${name}的选项不存在`);
      else data[q.id] = [...v];
    }
  });
  return done(data, errors);
}

export interface SubjectRef {
  id: number;
  name?: string;
}

/**
 * Newly promoted ballot: an opinion (认同/基本认同/不认同/不了解) on every active subject given, and
 * an optional reason of at most 2,000 characters. Subjects may be passed as ids or as {id, name}.
 */
export function validateNewlyPromotedAnswers(
  subjects: readonly (number | SubjectRef)[],
  raw: unknown,
): AnswerCheck<NewlyPromotedAnswers> {
  const errors: string[] = [];
  const data: NewlyPromotedAnswers = {};
  if (!isObject(raw)) return done(data, ['答卷格式无效：必须是对象']);
  const refs = subjects.map((s) => (typeof s === 'number' ? { id: s } : s));
  const key = (id: number) => `subject_${id}` as const;
  unknownKeys(raw, new Set([...refs.map((s) => key(s.id)), 'reason']), '答卷', errors);
  const opinions: readonly string[] = NEWLY_PROMOTED_OPINIONS;
  for (const s of refs) {
    const v = raw[key(s.id)];
    const who = s.name ? `“${s.name}”` : `评议对象（ID ${s.id}）`;
    if (isBlank(v)) errors.push(`请对${who}选择认同、基本认同、不认同或不了解`);
    else if (typeof v !== 'string' || !opinions.includes(v)) {
      errors.push(`对${who}的评议只能是认同、基本认同、不认同或不了解`);
    } else data[key(s.id)] = v as NewlyPromotedOpinion;
  }
  const reason = raw.reason;
  if (!isBlank(reason)) {
    if (typeof reason !== 'string') errors.push('不认同的原因必须是文本');
    else if (charCount(reason.trim()) > MAX_TEXT_ANSWER)
      errors.push(`不认同的原因不能超过 ${MAX_TEXT_ANSWER} 个字`);
    else if (reason.trim()) data.reason = reason.trim();
  }
  return done(data, errors);
}
