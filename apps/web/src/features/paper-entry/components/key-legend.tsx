import type { ReactNode } from 'react';
import type { Choice, EntryRow } from '../lib/entry-rows';
import type { Cursor } from '../lib/entry-keys';
import { cellName } from '../lib/entry-values';

const keyOf = (i: number) => (i === 9 ? '0' : String(i + 1));

function Keys({ options }: { options: readonly (Choice | string)[] }) {
  return (
    <>
      {options.map((o, i) => (
        <span key={i} className="kp-pe-key">
          <kbd>{keyOf(i)}</kbd>
          {typeof o === 'string' ? o : o.label}
        </span>
      ))}
    </>
  );
}

/** What the keys do on the current cell, and the keys that work everywhere. */
export function KeyLegend({ row, cursor }: { row: EntryRow | undefined; cursor: Cursor }) {
  let here: ReactNode = null;
  if (row?.kind === 'scoring') {
    const item = cursor.cell === 0 ? row.overall : cursor.cell <= row.items.length ? row.itemOptions : null;
    here = item ? (
      <Keys options={item} />
    ) : (
      <>
        <span className="kp-pe-key-note">按序号标记或取消：</span>
        <Keys options={row.reverseItems.map((r) => r.description)} />
      </>
    );
  } else if (row?.kind === 'single' || row?.kind === 'multiple') {
    here = (
      <>
        {row.kind === 'multiple' && <span className="kp-pe-key-note">多选：再按一次取消</span>}
        <Keys options={row.question.options} />
      </>
    );
  } else if (row?.kind === 'opinion') {
    here = <Keys options={row.options} />;
  } else if (row) {
    here = <span className="kp-pe-key-note">照录文字（可不填）；Shift+Enter 换行</span>;
  }
  return (
    <div className="kp-pe-legend" aria-label="按键说明">
      <div className="kp-pe-legend-here">
        <span className="kp-pe-legend-cell">{row ? cellName(row, cursor.cell) : '—'}</span>
        {here}
      </div>
      <div className="kp-pe-legend-all">
        <span className="kp-pe-key">
          <kbd>Enter</kbd>下一行（末行提交）
        </span>
        <span className="kp-pe-key">
          <kbd>Ctrl+Enter</kbd>提交
        </span>
        <span className="kp-pe-key">
          <kbd>Backspace</kbd>清除/退回
        </span>
        <span className="kp-pe-key">
          <kbd>←→↑↓</kbd>移动
        </span>
        <span className="kp-pe-key">
          <kbd>Esc</kbd>回到编号
        </span>
      </div>
    </div>
  );
}
