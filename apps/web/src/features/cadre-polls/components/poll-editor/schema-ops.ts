import type {
  CadreFormSchema,
  CadrePage,
  CadreQuestion,
  CadreQuestionType,
} from '@kaoping/contracts/cadre-schema';

// Pure, immutable edits of a cadre form_schema: the editor's components call these and the tests
// check them without rendering anything.

export const QUESTION_TYPE_LABELS: Record<CadreQuestionType, string> = {
  single_choice: '单选题',
  multiple_choice: '多选题',
  text_area: '文本题',
};

const DEFAULT_OPTIONS = ['选项一', '选项二'];

/** Moves item `from` to `to` (clamped); the same array when nothing moves. */
export function move<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** A question id not used anywhere in the schema (answers are keyed by it, so it never changes). */
export function newQuestionId(schema: CadreFormSchema): string {
  const used = new Set(schema.pages.flatMap((p) => p.questions.map((q) => q.id)));
  for (let n = used.size + 1; ; n++) {
    const id = `q${n}`;
    if (!used.has(id)) return id;
  }
}

/** A fresh question of a type, with placeholder texts the admin then replaces. */
export function newQuestion(schema: CadreFormSchema, type: CadreQuestionType): CadreQuestion {
  const base = { id: newQuestionId(schema), type, text: `新${QUESTION_TYPE_LABELS[type]}` };
  return type === 'text_area'
    ? { ...base, options: [], placeholder: '请填写您的意见（选填）' }
    : { ...base, options: [...DEFAULT_OPTIONS] };
}

export function setTitle(schema: CadreFormSchema, title: string): CadreFormSchema {
  return { ...schema, title };
}

export function addPage(schema: CadreFormSchema): CadreFormSchema {
  return { ...schema, pages: [...schema.pages, { questions: [], footer_text: '' }] };
}

export function removePage(schema: CadreFormSchema, pageIndex: number): CadreFormSchema {
  return { ...schema, pages: schema.pages.filter((_, i) => i !== pageIndex) };
}

export function movePage(schema: CadreFormSchema, from: number, to: number): CadreFormSchema {
  return { ...schema, pages: move(schema.pages, from, to) };
}

export function updatePage(
  schema: CadreFormSchema,
  pageIndex: number,
  patch: (page: CadrePage) => CadrePage,
): CadreFormSchema {
  return { ...schema, pages: schema.pages.map((p, i) => (i === pageIndex ? patch(p) : p)) };
}

export function addQuestion(schema: CadreFormSchema, pageIndex: number, type: CadreQuestionType) {
  const q = newQuestion(schema, type);
  return updatePage(schema, pageIndex, (p) => ({ ...p, questions: [...p.questions, q] }));
}

export function updateQuestion(
  schema: CadreFormSchema,
  pageIndex: number,
  questionIndex: number,
  patch: Partial<CadreQuestion>,
): CadreFormSchema {
  return updatePage(schema, pageIndex, (p) => ({
    ...p,
    questions: p.questions.map((q, i) => (i === questionIndex ? { ...q, ...patch } : q)),
  }));
}

export function removeQuestion(schema: CadreFormSchema, pageIndex: number, questionIndex: number) {
  return updatePage(schema, pageIndex, (p) => ({
    ...p,
    questions: p.questions.filter((_, i) => i !== questionIndex),
  }));
}

export function moveQuestion(schema: CadreFormSchema, pageIndex: number, from: number, to: number) {
  return updatePage(schema, pageIndex, (p) => ({ ...p, questions: move(p.questions, from, to) }));
}

/**
 * Changes a question's type. Choice → text drops the options (a text area has none); text → choice
 * starts from two placeholder options; single ↔ multiple keeps them.
 */
export function changeType(q: CadreQuestion, type: CadreQuestionType): CadreQuestion {
  if (type === q.type) return q;
  if (type === 'text_area') {
    return {
      id: q.id,
      type,
      text: q.text,
      options: [],
      placeholder: q.placeholder ?? '',
      required: q.required,
    };
  }
  const options = q.type === 'text_area' ? [...DEFAULT_OPTIONS] : q.options;
  const { placeholder: _dropped, ...rest } = q;
  return { ...rest, type, options };
}

/** The first option text of the form 选项N not yet used in the question. */
export function newOptionText(options: readonly string[]): string {
  const digits = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];
  for (let n = options.length + 1; ; n++) {
    const text = `选项${digits[n - 1] ?? n}`;
    if (!options.includes(text)) return text;
  }
}
