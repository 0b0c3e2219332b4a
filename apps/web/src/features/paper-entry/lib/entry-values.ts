// What has been keyed for each row, the checks of a row, and the ballots sent (exactly the `ballots` an
// online voter with the same choices sends).
import type { ScoringAnswers } from '@kaoping/contracts/answers';
import type { BallotEntryInput } from '@kaoping/contracts/public-vote-types';
import { subjectKey } from '@/public/ballot/newly-promoted-form-model';
import { emptyScoringAnswers } from '@/public/ballot/scoring-ballot-model';
import { cellCount, type Choice, type EntryRow } from './entry-rows';

/** Row id → value: the scoring answers of a target, a chosen option, the chosen options, or a text. */
export type EntryValues = Record<string, ScoringAnswers | string | string[] | undefined>;

export function scoringOf(values: EntryValues, row: EntryRow): ScoringAnswers {
  const v = values[row.id];
  return v && typeof v === 'object' && !Array.isArray(v) ? v : emptyScoringAnswers();
}
export const textOf = (values: EntryValues, row: EntryRow): string => {
  const v = values[row.id];
  return typeof v === 'string' ? v : '';
};
export const listOf = (values: EntryValues, row: EntryRow): string[] => {
  const v = values[row.id];
  return Array.isArray(v) ? v : [];
};

/** The name of cell `cell` of a row, for messages and the side-by-side view. */
export function cellName(row: EntryRow, cell: number): string {
  if (row.kind !== 'scoring') return row.label;
  if (cell === 0) return row.overallTitle;
  return row.items[cell - 1]?.name ?? row.reverseTitle;
}

/** The first required cell of the row still empty, or null when the row is complete. */
export function firstMissing(row: EntryRow, values: EntryValues): number | null {
  switch (row.kind) {
    case 'scoring': {
      const v = scoringOf(values, row);
      if (!v.overall) return 0;
      const i = row.items.findIndex((item) => !v.items[item.id]);
      return i < 0 ? null : i + 1;
    }
    case 'single':
    case 'opinion':
      return (row.kind === 'opinion' || row.required) && !textOf(values, row) ? 0 : null;
    case 'multiple':
      return row.required && listOf(values, row).length === 0 ? 0 : null;
    case 'text':
      return row.required && !textOf(values, row).trim() ? 0 : null;
    case 'reason':
      return null;
  }
}

const labelOf = (options: Choice[], value: string | undefined) =>
  value ? (options.find((o) => o.value === value)?.label ?? value) : '';

/**
 * What a cell holds, as text: the option's label; the marked reverse items and the chosen options by
 * their numbers (the grid), or `verbose` with their names too (the side-by-side view).
 */
export function cellText(row: EntryRow, cell: number, values: EntryValues, verbose = false): string {
  const numbered = (i: number, name: string) => (verbose ? `${i + 1} ${name}` : String(i + 1));
  switch (row.kind) {
    case 'scoring': {
      const v = scoringOf(values, row);
      if (cell === 0) return labelOf(row.overall, v.overall);
      const item = row.items[cell - 1];
      if (item) return labelOf(row.itemOptions, v.items[item.id]);
      const several = row.reverseOptions.length > 1;
      return row.reverseItems
        .flatMap((r, i) => {
          const mark = v.reverse[r.id];
          if (!mark) return [];
          return [
            `${numbered(i, r.description)}${several ? `（${labelOf(row.reverseOptions, mark)}）` : ''}`,
          ];
        })
        .join('、');
    }
    case 'single':
      return textOf(values, row);
    case 'multiple': {
      const chosen = listOf(values, row);
      return row.question.options.flatMap((o, i) => (chosen.includes(o) ? [numbered(i, o)] : [])).join('、');
    }
    default:
      return textOf(values, row);
  }
}

/** Every cell of the sheet as text, keyed `rowId#cell`: what the side-by-side view compares. */
export function sheetCells(rows: readonly EntryRow[], values: EntryValues): Map<string, string> {
  const out = new Map<string, string>();
  for (const row of rows) {
    for (let c = 0; c < cellCount(row); c += 1) out.set(`${row.id}#${c}`, cellText(row, c, values, true));
  }
  return out;
}

/** The ballots of the sheet, in the order and shape of the voter page's submission. */
export function buildBallots(rows: readonly EntryRow[], values: EntryValues): BallotEntryInput[] {
  const entries: BallotEntryInput[] = [];
  const byPoll = new Map<number, BallotEntryInput>();
  const pollEntry = (pollId: number) => {
    let entry = byPoll.get(pollId);
    if (!entry) {
      entry = { poll_id: pollId, answers: {} };
      byPoll.set(pollId, entry);
      entries.push(entry);
    }
    return entry.answers;
  };
  for (const row of rows) {
    if (row.kind === 'scoring') {
      const v = scoringOf(values, row);
      const pick = (src: Record<string, string>, ids: { id: string }[]) =>
        Object.fromEntries(ids.filter((i) => src[i.id]).map((i) => [i.id, src[i.id]!]));
      entries.push({
        poll_id: row.pollId,
        target_id: row.target.id,
        answers: {
          overall: v.overall,
          items: pick(v.items, row.items),
          reverse: pick(v.reverse, row.reverseItems),
        },
      });
      continue;
    }
    const answers = pollEntry(row.pollId);
    if (row.kind === 'multiple') {
      const chosen = listOf(values, row);
      // In the questionnaire's order, whatever order the keys were pressed in.
      if (chosen.length > 0)
        answers[row.question.id] = row.question.options.filter((o) => chosen.includes(o));
    } else if (row.kind === 'single' || row.kind === 'text') {
      const v = textOf(values, row);
      if (v.trim()) answers[row.question.id] = v;
    } else if (row.kind === 'opinion') {
      const v = textOf(values, row);
      if (v) answers[subjectKey(row.subject.id)] = v;
    } else {
      const v = textOf(values, row);
      if (v.trim()) answers.reason = v;
    }
  }
  return entries;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);
const strings = (v: unknown): Record<string, string> =>
  isObject(v)
    ? Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'))
    : {};

/** The values a stored entry holds (for the side-by-side view and a settle that starts from one). */
export function valuesFromBallots(
  rows: readonly EntryRow[],
  ballots: readonly BallotEntryInput[],
): EntryValues {
  const values: EntryValues = {};
  for (const row of rows) {
    if (row.kind === 'scoring') {
      const b = ballots.find((e) => e.poll_id === row.pollId && e.target_id === row.target.id);
      if (!b) continue;
      values[row.id] = {
        overall: typeof b.answers.overall === 'string' ? b.answers.overall : '',
        items: strings(b.answers.items),
        reverse: strings(b.answers.reverse),
      };
      continue;
    }
    const answers = ballots.find((e) => e.poll_id === row.pollId && !e.target_id)?.answers ?? {};
    const key =
      row.kind === 'opinion'
        ? subjectKey(row.subject.id)
        : row.kind === 'reason'
          ? 'reason'
          : row.question.id;
    const v = answers[key];
    if (typeof v === 'string') values[row.id] = v;
    else if (Array.isArray(v)) values[row.id] = v.filter((x): x is string => typeof x === 'string');
  }
  return values;
}
