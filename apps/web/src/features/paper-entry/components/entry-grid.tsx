import { forwardRef, useRef, type KeyboardEvent } from 'react';
import { Input } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { cellId, isTextRow, type EntryRow } from '../lib/entry-rows';
import { pressKey, typeText, type EntryState, type KeyResult } from '../lib/entry-keys';
import { textOf } from '../lib/entry-values';
import { EvaluationRows } from './evaluation-rows';
import { useKeyboardGrid, type GridHandle } from './keyboard-grid';
import { ScoringTable } from './scoring-table';

export interface EntryGridProps {
  rows: EntryRow[];
  state: EntryState;
  onState: (state: EntryState) => void;
  /** A key the grid handled (a hint, or submit). */
  onResult: (result: KeyResult) => void;
  /** Esc: back to the code field. */
  onEscape: () => void;
  disabled?: boolean;
}

export type EntryGridHandle = GridHandle;

/** Groups consecutive rows of one scoring poll into one table, the evaluation rows into one list. */
function sections(rows: EntryRow[]) {
  const out: { start: number; rows: EntryRow[] }[] = [];
  rows.forEach((row, i) => {
    const last = out.at(-1);
    const same =
      last &&
      last.rows[0]!.pollId === row.pollId &&
      (row.kind === 'scoring') === (last.rows[0]!.kind === 'scoring');
    if (same) last.rows.push(row);
    else out.push({ start: i, rows: [row] });
  });
  return out;
}

/**
 * The sheet on screen, driven by the keyboard alone: the grid holds the focus (a text row's box takes it
 * while the cursor is there); the current cell is outlined and kept in view.
 */
export const EntryGrid = forwardRef<EntryGridHandle, EntryGridProps>(function EntryGrid(
  { rows, state, onState, onResult, onEscape, disabled },
  ref,
) {
  const textRef = useRef<TextAreaRef>(null);
  const current = rows[state.cursor.row];
  const onText = current ? isTextRow(current) : false;
  const { gridRef, apply, onGridKey } = useKeyboardGrid<EntryState, KeyResult>(ref, {
    disabled,
    onEscape,
    onState,
    onResult,
    press: (e) => pressKey(rows, state, e),
    inBox: onText,
    box: () => textRef.current,
    cursorId: cellId(state.cursor.row, state.cursor.cell),
  });

  const onTextKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onEscape();
    } else if (e.key === 'Enter' && !e.shiftKey) {
      apply(e, pressKey(rows, state, e));
    } else if ((e.key === 'ArrowUp' || e.key === 'ArrowDown') && e.altKey) {
      apply(e, pressKey(rows, state, { key: e.key }));
    }
  };

  const pick = (row: number, cell: number) => {
    if (disabled) return;
    onState({ ...state, cursor: { row, cell } });
    setTimeout(() => (isTextRow(rows[row]!) ? textRef.current?.focus() : gridRef.current?.focus()));
  };

  const textBox = (row: EntryRow, index: number) => (
    <Input.TextArea
      ref={index === state.cursor.row ? textRef : undefined}
      aria-label={row.label}
      value={textOf(state.values, row)}
      autoSize={{ minRows: 1, maxRows: 4 }}
      maxLength={2000}
      disabled={disabled}
      placeholder="照录文字；Enter 下一行，Shift+Enter 换行"
      onFocus={() => index !== state.cursor.row && pick(index, 0)}
      onChange={(e) => onState(typeText(row, state, e.target.value))}
      onKeyDown={onTextKey}
    />
  );

  return (
    <div
      ref={gridRef}
      className={`kp-pe-grid${disabled ? ' kp-pe-grid-off' : ''}`}
      tabIndex={disabled ? -1 : 0}
      role="group"
      aria-label="选票录入区"
      aria-activedescendant={onText ? undefined : cellId(state.cursor.row, state.cursor.cell)}
      onKeyDown={onGridKey}
    >
      {sections(rows).map((s) =>
        s.rows[0]!.kind === 'scoring' ? (
          <ScoringTable key={s.start} start={s.start} rows={s.rows} state={state} onPick={pick} />
        ) : (
          <EvaluationRows
            key={s.start}
            start={s.start}
            rows={s.rows}
            state={state}
            onPick={pick}
            textBox={textBox}
          />
        ),
      )}
    </div>
  );
});
