// The rows of a paper sheet as the keyer meets them: one per appraisal target (overall grade, each item,
// then the reverse marks), or one per 选人用人 question, per newly promoted subject and the reason.
import { NEWLY_PROMOTED_OPINIONS } from '@kaoping/contracts/ballot-rules';
import { cadreQuestions, isQuestionRequired, type CadreQuestion } from '@kaoping/contracts/cadre-schema';
import type { PublicPoll, PublicSubject, PublicTarget } from '@kaoping/contracts/public-vote-types';
import { subjectKey } from '@/public/ballot/newly-promoted-form-model';

export interface Choice {
  label: string;
  value: string;
}

interface RowBase {
  /** Unique in the sheet; the key of its value. */
  id: string;
  pollId: number;
  /** What the row is about, as printed on the sheet's row. */
  label: string;
}

export type EntryRow =
  | (RowBase & {
      kind: 'scoring';
      target: PublicTarget;
      pollTitle: string;
      overall: Choice[];
      overallTitle: string;
      itemOptions: Choice[];
      items: { id: string; name: string }[];
      reverseTitle: string;
      reverseOptions: Choice[];
      reverseItems: { id: string; description: string }[];
    })
  | (RowBase & { kind: 'single' | 'multiple'; question: CadreQuestion; number: number; required: boolean })
  | (RowBase & { kind: 'text'; question: CadreQuestion; number: number; required: boolean })
  | (RowBase & { kind: 'opinion'; subject: PublicSubject; number: number; options: Choice[] })
  | (RowBase & { kind: 'reason' });

/** The four opinions of the newly promoted table: keys 1-4. */
export const OPINIONS: Choice[] = NEWLY_PROMOTED_OPINIONS.map((o) => ({ label: o, value: o }));

const choices = (options: readonly { label: string; value: string }[]) =>
  options.map((o) => ({ label: o.label, value: o.value }));

/** The rows of the form, in the order the server's definition gives the polls (as on the voter page). */
export function buildRows(form: {
  polls: readonly PublicPoll[];
  targets: readonly PublicTarget[];
  subjects: readonly PublicSubject[];
}): EntryRow[] {
  return form.polls.flatMap((poll): EntryRow[] => {
    if (poll.target_type === 'company' || poll.target_type === 'person') {
      const [overall, itemGroup] = poll.form_schema.evaluationGroups;
      const reverse = poll.form_schema.reverseEvaluation;
      return form.targets
        .filter((t) => t.type === poll.target_type)
        .map((target) => ({
          kind: 'scoring',
          id: `${poll.id}:${target.id}`,
          pollId: poll.id,
          label: target.title ? `${target.name}（${target.title}）` : target.name,
          target,
          pollTitle: poll.title,
          overall: choices(overall.options),
          overallTitle: overall.title || '总体评价',
          itemOptions: choices(itemGroup.options),
          items: itemGroup.items.map((i) => ({ id: i.id, name: i.name })),
          reverseTitle: reverse.title || '反向测评',
          reverseOptions: choices(reverse.options),
          reverseItems: reverse.items.map((i) => ({ id: i.id, description: i.description })),
        }));
    }
    if (poll.target_type === 'cadre') {
      return cadreQuestions(poll.form_schema).map((question, i) => ({
        kind:
          question.type === 'text_area' ? 'text' : question.type === 'single_choice' ? 'single' : 'multiple',
        id: `${poll.id}:${question.id}`,
        pollId: poll.id,
        label: question.text,
        question,
        number: i + 1,
        required: isQuestionRequired(question),
      }));
    }
    const subjects: EntryRow[] = form.subjects.map((subject, i) => ({
      kind: 'opinion',
      id: `${poll.id}:${subjectKey(subject.id)}`,
      pollId: poll.id,
      label: subject.name,
      subject,
      number: i + 1,
      options: OPINIONS,
    }));
    const reason: EntryRow = {
      kind: 'reason',
      id: `${poll.id}:reason`,
      pollId: poll.id,
      label: poll.form_schema.reason_question || '不认同的主要原因',
    };
    return [...subjects, reason];
  });
}

/** A row's cells: a scoring row has the overall grade, each item and (when any) the reverse marks. */
export function cellCount(row: EntryRow): number {
  if (row.kind !== 'scoring') return 1;
  return 1 + row.items.length + (row.reverseItems.length > 0 ? 1 : 0);
}

/** True for rows typed as text (the cursor is a text box there). */
export const isTextRow = (row: EntryRow) => row.kind === 'text' || row.kind === 'reason';

/** The DOM id of a cell (the grid's aria-activedescendant and the scroll target). */
export const cellId = (row: number, cell: number) => `kp-pe-cell-${row}-${cell}`;
