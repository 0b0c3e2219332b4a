// The keyboard of the entry grid as a pure function: a digit picks (or toggles) an option of the current
// cell and moves on along the row, Enter moves to the next row once this one is complete, the last Enter
// (or Ctrl+Enter anywhere) asks to submit. Tested directly; the grid only draws what this returns.
import { cellCount, type EntryRow } from './entry-rows';
import { cellName, firstMissing, listOf, scoringOf, type EntryValues } from './entry-values';

export interface Cursor {
  row: number;
  cell: number;
}
export interface EntryState {
  values: EntryValues;
  cursor: Cursor;
}
export interface KeyInput {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
}
export interface KeyResult {
  state: EntryState;
  /** The key meant something here (the caller prevents the browser's default). */
  handled: boolean;
  /** Every row is complete and the keyer asked to submit. */
  submit?: boolean;
  /** A short hint to show (a missing answer, a key with no option). */
  message?: string;
}

export const startState = (values: EntryValues = {}): EntryState => ({ values, cursor: { row: 0, cell: 0 } });

/** 1-9 → 1-9 and 0 → 10, for questions with ten options. */
export function digitOf(key: string): number | null {
  if (!/^[0-9]$/.test(key)) return null;
  return key === '0' ? 10 : Number(key);
}

const missingMessage = (rows: readonly EntryRow[], r: number, cell: number) =>
  `请先填完第 ${r + 1} 行“${rows[r]!.label}”：${cellName(rows[r]!, cell)}`;

/** The first incomplete row of the sheet, or null when every required answer is there. */
export function firstIncomplete(rows: readonly EntryRow[], values: EntryValues): Cursor | null {
  for (let r = 0; r < rows.length; r += 1) {
    const cell = firstMissing(rows[r]!, values);
    if (cell !== null) return { row: r, cell };
  }
  return null;
}

function submitOrJump(rows: readonly EntryRow[], state: EntryState): KeyResult {
  const gap = firstIncomplete(rows, state.values);
  if (!gap) return { state, handled: true, submit: true };
  return {
    state: { ...state, cursor: gap },
    handled: true,
    message: missingMessage(rows, gap.row, gap.cell),
  };
}

const toggle = (list: string[], value: string) =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

/** A digit on the current cell: the new values and where the cursor goes. */
function pressDigit(rows: readonly EntryRow[], state: EntryState, n: number): KeyResult {
  const { row: r, cell } = state.cursor;
  const row = rows[r]!;
  const set = (value: EntryValues[string], next = cell): KeyResult => ({
    state: { values: { ...state.values, [row.id]: value }, cursor: { row: r, cell: next } },
    handled: true,
  });
  const none = (count: number): KeyResult => ({
    state,
    handled: true,
    message: `没有第 ${n} 项，请按 ${count >= 10 ? '1-9 或 0' : `1-${count}`}`,
  });
  switch (row.kind) {
    case 'scoring': {
      const v = scoringOf(state.values, row);
      const last = cellCount(row) - 1;
      if (cell === 0) {
        const option = row.overall[n - 1];
        if (!option) return none(row.overall.length);
        return set({ ...v, overall: option.value }, Math.min(cell + 1, last));
      }
      const item = row.items[cell - 1];
      if (item) {
        const option = row.itemOptions[n - 1];
        if (!option) return none(row.itemOptions.length);
        return set({ ...v, items: { ...v.items, [item.id]: option.value } }, Math.min(cell + 1, last));
      }
      const mark = row.reverseItems[n - 1];
      if (!mark) return none(row.reverseItems.length);
      // One option (存在): the key toggles the box; several: it steps through them, then back to none.
      const current = row.reverseOptions.findIndex((o) => o.value === v.reverse[mark.id]);
      const next = row.reverseOptions[current + 1];
      const reverse = { ...v.reverse };
      if (next) reverse[mark.id] = next.value;
      else delete reverse[mark.id];
      return set({ ...v, reverse });
    }
    case 'single': {
      const option = row.question.options[n - 1];
      return option === undefined ? none(row.question.options.length) : set(option);
    }
    case 'multiple': {
      const option = row.question.options[n - 1];
      return option === undefined
        ? none(row.question.options.length)
        : set(toggle(listOf(state.values, row), option));
    }
    case 'opinion': {
      const option = row.options[n - 1];
      return option ? set(option.value) : none(row.options.length);
    }
    default:
      return { state, handled: false };
  }
}

const hasValue = (row: EntryRow, cell: number, values: EntryValues) => {
  if (row.kind !== 'scoring') {
    const v = values[row.id];
    return Array.isArray(v) ? v.length > 0 : Boolean(v);
  }
  const v = scoringOf(values, row);
  if (cell === 0) return Boolean(v.overall);
  const item = row.items[cell - 1];
  return item ? Boolean(v.items[item.id]) : Object.keys(v.reverse).length > 0;
};

function clearCell(row: EntryRow, cell: number, values: EntryValues): EntryValues {
  if (row.kind !== 'scoring') return { ...values, [row.id]: undefined };
  const v = { ...scoringOf(values, row) };
  const item = row.items[cell - 1];
  if (cell === 0) v.overall = '';
  else if (item) v.items = Object.fromEntries(Object.entries(v.items).filter(([k]) => k !== item.id));
  else v.reverse = {};
  return { ...values, [row.id]: v };
}

/** Backspace clears the current cell, or, on an empty one, steps back one cell and clears that. */
function backspace(rows: readonly EntryRow[], state: EntryState): KeyResult {
  const { row: r, cell } = state.cursor;
  const row = rows[r]!;
  if (hasValue(row, cell, state.values)) {
    return { state: { ...state, values: clearCell(row, cell, state.values) }, handled: true };
  }
  if (cell > 0) {
    return {
      state: { values: clearCell(row, cell - 1, state.values), cursor: { row: r, cell: cell - 1 } },
      handled: true,
    };
  }
  if (r === 0) return { state, handled: true };
  return { state: { ...state, cursor: { row: r - 1, cell: cellCount(rows[r - 1]!) - 1 } }, handled: true };
}

function move(rows: readonly EntryRow[], state: EntryState, dRow: number, dCell: number): KeyResult {
  const r = Math.max(0, Math.min(rows.length - 1, state.cursor.row + dRow));
  const cells = cellCount(rows[r]!);
  const cell = dRow !== 0 ? Math.min(state.cursor.cell, cells - 1) : state.cursor.cell + dCell;
  return {
    state: { ...state, cursor: { row: r, cell: Math.max(0, Math.min(cells - 1, cell)) } },
    handled: true,
  };
}

/** Enter: on to the next row when this one is complete; the last row's Enter asks to submit. */
export function pressEnter(rows: readonly EntryRow[], state: EntryState): KeyResult {
  const r = state.cursor.row;
  const gap = firstMissing(rows[r]!, state.values);
  if (gap !== null) {
    return {
      state: { ...state, cursor: { row: r, cell: gap } },
      handled: true,
      message: missingMessage(rows, r, gap),
    };
  }
  if (r === rows.length - 1) return submitOrJump(rows, state);
  return { state: { ...state, cursor: { row: r + 1, cell: 0 } }, handled: true };
}

/** One key on the grid (text rows pass only Enter and Ctrl+Enter here; the rest is typing). */
export function pressKey(rows: readonly EntryRow[], state: EntryState, input: KeyInput): KeyResult {
  if (rows.length === 0) return { state, handled: false };
  if (input.key === 'Enter') {
    if (input.ctrlKey || input.metaKey) return submitOrJump(rows, state);
    return pressEnter(rows, state);
  }
  if (input.ctrlKey || input.metaKey) return { state, handled: false };
  const n = digitOf(input.key);
  if (n !== null) return pressDigit(rows, state, n);
  switch (input.key) {
    case 'Backspace':
    case 'Delete':
      return backspace(rows, state);
    case 'ArrowLeft':
      return move(rows, state, 0, -1);
    case 'ArrowRight':
      return move(rows, state, 0, 1);
    case 'ArrowUp':
      return move(rows, state, -1, 0);
    case 'ArrowDown':
      return move(rows, state, 1, 0);
    default:
      return { state, handled: false };
  }
}

/** A text row's text changed. */
export const typeText = (row: EntryRow, state: EntryState, text: string): EntryState => ({
  ...state,
  values: { ...state.values, [row.id]: text },
});
