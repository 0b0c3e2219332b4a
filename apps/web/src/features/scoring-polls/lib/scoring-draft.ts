import type { Poll } from '@kaoping/contracts/poll';
import { DEFAULT_REVERSE_TITLE, type ScoringFormSchema } from '@kaoping/contracts/scoring-schema';

/** What the editor changes; saved with PUT /admin/polls/{id}. */
export interface PollDraft {
  title: string;
  description: string;
  schema: ScoringFormSchema;
}

export type OptionGroup = 'overall' | 'items' | 'reverse';
export interface DraftOption {
  label: string;
  value: string;
  score: number;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const arr = (v: unknown): Obj[] => (Array.isArray(v) ? v.map(obj) : []);
const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0);
const options = (v: unknown): DraftOption[] =>
  arr(v).map((o) => ({ label: str(o.label), value: str(o.value), score: num(o.score) }));

/**
 * The stored form_schema as the editor needs it. Lenient on purpose: a schema saved by an older
 * version (or arriving as a JSON string, spec §3) still opens, and the server checks it on save.
 */
export function normalizeScoringSchema(raw: unknown): ScoringFormSchema {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      value = {};
    }
  }
  const root = obj(value);
  const groups = Array.isArray(root.evaluationGroups) ? root.evaluationGroups : [];
  const overall = obj(groups[0]);
  const items = obj(groups[1]);
  const reverse = obj(root.reverseEvaluation);
  const title = (g: Obj) => (typeof g.title === 'string' ? { title: g.title } : {});
  return {
    evaluationGroups: [
      { ...title(overall), options: options(overall.options) },
      {
        ...title(items),
        options: options(items.options),
        items: arr(items.items).map((i) => ({ id: str(i.id), name: str(i.name) })),
      },
    ],
    reverseEvaluation: {
      title: str(reverse.title) || DEFAULT_REVERSE_TITLE,
      options: options(reverse.options),
      items: arr(reverse.items).map((i) => ({ id: str(i.id), description: str(i.description) })),
    },
  };
}

export function draftFromPoll(poll: Poll): PollDraft {
  return {
    title: poll.title,
    description: poll.description ?? '',
    schema: normalizeScoringSchema(poll.form_schema),
  };
}

export function optionsOf(schema: ScoringFormSchema, group: OptionGroup): DraftOption[] {
  if (group === 'reverse') return schema.reverseEvaluation.options;
  return schema.evaluationGroups[group === 'overall' ? 0 : 1].options;
}

export function withOptions(
  schema: ScoringFormSchema,
  group: OptionGroup,
  next: DraftOption[],
): ScoringFormSchema {
  const [overall, items] = schema.evaluationGroups;
  if (group === 'reverse')
    return { ...schema, reverseEvaluation: { ...schema.reverseEvaluation, options: next } };
  if (group === 'overall') return { ...schema, evaluationGroups: [{ ...overall, options: next }, items] };
  return { ...schema, evaluationGroups: [overall, { ...items, options: next }] };
}

/** A value not used by any row yet: ballots store values, so they are never reused or renamed. */
export function freshKey(taken: readonly string[], prefix: string): string {
  const used = new Set(taken);
  let n = taken.length + 1;
  while (used.has(`${prefix}_${n}`)) n++;
  return `${prefix}_${n}`;
}

export function newOption(existing: readonly DraftOption[], group: OptionGroup): DraftOption {
  const value = freshKey(
    existing.map((o) => o.value),
    'option',
  );
  return { label: group === 'reverse' ? '存在' : '', value, score: group === 'reverse' ? -1 : 0 };
}

export function withItems(
  schema: ScoringFormSchema,
  items: { id: string; name: string }[],
): ScoringFormSchema {
  const [overall, group] = schema.evaluationGroups;
  return { ...schema, evaluationGroups: [overall, { ...group, items }] };
}

export function withReverseItems(
  schema: ScoringFormSchema,
  items: { id: string; description: string }[],
): ScoringFormSchema {
  return { ...schema, reverseEvaluation: { ...schema.reverseEvaluation, items } };
}

export function withReverseTitle(schema: ScoringFormSchema, title: string): ScoringFormSchema {
  return { ...schema, reverseEvaluation: { ...schema.reverseEvaluation, title } };
}

/** Same content: decides whether leaving the page must ask first. */
export function sameDraft(a: PollDraft, b: PollDraft): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
