// Zod-free helpers for the newly promoted form; from contracts only types and the zod-free ballot-rules.
import { MAX_TEXT_ANSWER, NEWLY_PROMOTED_OPINIONS } from '@kaoping/contracts/ballot-rules';
import type { NewlyPromotedFormSchema } from '@kaoping/contracts/newly-promoted-schema';

export type { NewlyPromotedFormSchema };

/** The four fixed opinions (spec §9). */
export const OPINION_CHOICES = NEWLY_PROMOTED_OPINIONS;

/** Longest reason a voter may write, as the server checks it. */
export const REASON_MAX = MAX_TEXT_ANSWER;

/** A subject as the form needs it; an EvaluationSubject from the API fits. */
export interface NewlyPromotedSubject {
  id: number;
  name: string;
  birth_date?: string | null;
  previous_position?: string | null;
  current_position?: string | null;
  /** Absent counts as active. */
  is_active?: boolean;
  sort_order?: number;
}

/** Answers: `subject_{id}` → one of the four opinions, and `reason` → the free text. */
export type NewlyPromotedValue = Record<string, string>;

export const subjectKey = (id: number) => `subject_${id}`;

/** Only active subjects are shown, by sort_order (spec screen 6); ties keep a stable order by id. */
export function visibleSubjects(subjects: readonly NewlyPromotedSubject[]): NewlyPromotedSubject[] {
  return subjects
    .filter((s) => s.is_active !== false)
    .sort((a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0) || a.id - b.id);
}

/** Empty fields show '-' (spec screen 9 and the printed form). */
export const orDash = (v: string | null | undefined) => (v && v.trim() ? v : '-');

/** Subjects (in display order) still without an opinion. */
export function unansweredSubjects(
  subjects: readonly NewlyPromotedSubject[],
  value: NewlyPromotedValue,
): NewlyPromotedSubject[] {
  return visibleSubjects(subjects).filter((s) => !value[subjectKey(s.id)]);
}
