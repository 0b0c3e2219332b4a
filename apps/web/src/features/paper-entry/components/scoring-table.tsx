import { cellId, type EntryRow } from '../lib/entry-rows';
import type { EntryState } from '../lib/entry-keys';
import { cellText } from '../lib/entry-values';

type ScoringRow = Extract<EntryRow, { kind: 'scoring' }>;

export interface ScoringTableProps {
  /** Index of the first row in the sheet. */
  start: number;
  rows: EntryRow[];
  state: EntryState;
  onPick: (row: number, cell: number) => void;
}

/**
 * The targets of one scoring poll as on the paper form: one row per target, the overall grade, each item
 * and the reverse marks as columns. Empty cells show a dot, so a skipped one stands out.
 */
export function ScoringTable({ start, rows, state, onPick }: ScoringTableProps) {
  const first = rows[0] as ScoringRow;
  const hasReverse = first.reverseItems.length > 0;
  return (
    <section className="kp-pe-section">
      <div className="kp-pe-section-title">{first.pollTitle}</div>
      <div className="kp-pe-scroll">
        <table className="kp-pe-table">
          <thead>
            <tr>
              <th className="kp-pe-no">序号</th>
              <th className="kp-pe-name">测评对象</th>
              <th>{first.overallTitle}</th>
              {first.items.map((item) => (
                <th key={item.id}>{item.name}</th>
              ))}
              {hasReverse && <th className="kp-pe-reverse">{first.reverseTitle}</th>}
            </tr>
          </thead>
          <tbody>
            {(rows as ScoringRow[]).map((row, i) => {
              const r = start + i;
              const active = state.cursor.row === r;
              const cells = 1 + row.items.length + (hasReverse ? 1 : 0);
              return (
                <tr key={row.id} className={active ? 'kp-pe-row-on' : undefined}>
                  <td className="kp-pe-no">{r + 1}</td>
                  <td className="kp-pe-name">{row.label}</td>
                  {Array.from({ length: cells }, (_, c) => {
                    const text = cellText(row, c, state.values);
                    const on = active && state.cursor.cell === c;
                    return (
                      <td
                        key={c}
                        id={cellId(r, c)}
                        data-testid={cellId(r, c)}
                        className={`kp-pe-cell${on ? ' kp-pe-cell-on' : ''}${text ? '' : ' kp-pe-cell-empty'}`}
                        onMouseDown={(e) => {
                          e.preventDefault();
                          onPick(r, c);
                        }}
                      >
                        {text || '·'}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
