import type { ReactNode } from 'react';
import { cellId, type EntryRow } from '../lib/entry-rows';
import type { EntryState } from '../lib/entry-keys';
import { listOf, textOf } from '../lib/entry-values';

export interface EvaluationRowsProps {
  start: number;
  rows: EntryRow[];
  state: EntryState;
  onPick: (row: number, cell: number) => void;
  textBox: (row: EntryRow, index: number) => ReactNode;
}

const orDash = (v: string | null | undefined) => (v && v.trim() ? v : '-');

/** A question's options numbered as their keys; the chosen ones marked. */
function Options({ options, chosen }: { options: readonly string[]; chosen: readonly string[] }) {
  return (
    <span className="kp-pe-options">
      {options.map((o, i) => (
        <span key={o} className={chosen.includes(o) ? 'kp-pe-option kp-pe-option-on' : 'kp-pe-option'}>
          <kbd>{i + 1 === 10 ? 0 : i + 1}</kbd>
          {o}
        </span>
      ))}
    </span>
  );
}

/**
 * 民主评议 rows: the 选人用人 questions with their numbered options, the newly promoted subjects with
 * 认同/基本认同/不认同/不了解, and the reason as text.
 */
export function EvaluationRows({ start, rows, state, onPick, textBox }: EvaluationRowsProps) {
  return (
    <section className="kp-pe-section">
      <ol className="kp-pe-list">
        {rows.map((row, i) => {
          const r = start + i;
          const on = state.cursor.row === r;
          let head: ReactNode;
          let body: ReactNode;
          if (row.kind === 'single' || row.kind === 'multiple') {
            head = `${row.number}. ${row.label}${row.kind === 'multiple' && !row.label.includes('多选') ? '（可多选）' : ''}`;
            const chosen = row.kind === 'single' ? [textOf(state.values, row)] : listOf(state.values, row);
            body = <Options options={row.question.options} chosen={chosen} />;
          } else if (row.kind === 'opinion') {
            const s = row.subject;
            head = (
              <>
                <span className="kp-pe-subject-no">{row.number}</span> {s.name}
                <span className="kp-pe-subject-meta">
                  {orDash(s.birth_date)} · 原任 {orDash(s.previous_position)} · 现任{' '}
                  {orDash(s.current_position)}
                </span>
              </>
            );
            body = <Options options={row.options.map((o) => o.label)} chosen={[textOf(state.values, row)]} />;
          } else {
            head = row.kind === 'text' ? `${row.number}. ${row.label}` : row.label;
            body = textBox(row, r);
          }
          return (
            <li
              key={row.id}
              id={cellId(r, 0)}
              data-testid={cellId(r, 0)}
              className={`kp-pe-item${on ? ' kp-pe-cell-on' : ''}`}
              onMouseDown={(e) => {
                if ((e.target as HTMLElement).tagName === 'TEXTAREA') return;
                e.preventDefault();
                onPick(r, 0);
              }}
            >
              <div className="kp-pe-item-head">{head}</div>
              {body}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
