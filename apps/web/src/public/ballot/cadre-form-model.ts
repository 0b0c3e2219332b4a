// Zod-free helpers for the cadre questionnaire form. From contracts only types and the zod-free
// ballot-rules module: the schema module imports zod, which must stay out of the voter bundle.
import type { CadreAnswers } from '@kaoping/contracts/answers';
import { isQuestionRequired, MAX_TEXT_ANSWER } from '@kaoping/contracts/ballot-rules';
import type { CadreFormSchema, CadrePage, CadreQuestion } from '@kaoping/contracts/cadre-schema';

export type { CadreAnswers, CadreFormSchema, CadrePage, CadreQuestion };

/** Longest text answer, as the server checks it. */
export const CADRE_TEXT_MAX = MAX_TEXT_ANSWER;

/** The server's rule: the explicit flag, else choice questions only. */
export const isRequired = isQuestionRequired;

/** Whether a question holds an answer (blank text and empty selections do not count). */
export function isAnswered(q: CadreQuestion, value: CadreAnswers): boolean {
  const v = value[q.id];
  if (Array.isArray(v)) return v.length > 0;
  return typeof v === 'string' && v.trim() !== '';
}

/** Ids of the required questions of a page that are still unanswered, in page order. */
export function missingOnPage(page: CadrePage | undefined, value: CadreAnswers): string[] {
  return (page?.questions ?? []).filter((q) => isRequired(q) && !isAnswered(q, value)).map((q) => q.id);
}

/** The number shown before each question: questions are numbered across pages. */
export function questionNumbers(schema: CadreFormSchema): Map<string, number> {
  const numbers = new Map<string, number>();
  schema.pages.forEach((p) => p.questions.forEach((q) => numbers.set(q.id, numbers.size + 1)));
  return numbers;
}

/** Single choice replaces the answer; multiple choice toggles the option in the list (spec §4). */
export function choose(q: CadreQuestion, value: CadreAnswers, option: string): CadreAnswers {
  if (q.type === 'multiple_choice') {
    const current = Array.isArray(value[q.id]) ? (value[q.id] as string[]) : [];
    const next = current.includes(option) ? current.filter((o) => o !== option) : [...current, option];
    // Keep the schema's option order, so the stored answer does not depend on click order.
    return { ...value, [q.id]: q.options.filter((o) => next.includes(o)) };
  }
  return { ...value, [q.id]: option };
}
