import type { ColumnType } from 'antd/es/table';

/**
 * The rows of each group (a target's 票类 rows, its items, a cadre's rows) as table lines: the first line
 * of a group spans all of them in the columns that name the group (rowSpan), the others take no cell.
 */
export function spanLines<G, R, L>(
  groups: readonly G[],
  rowsOf: (group: G) => readonly R[],
  line: (group: G, row: R) => L,
): (L & { span: number })[] {
  return groups.flatMap((group) => {
    const rows = rowsOf(group);
    return rows.map((row, i) => ({ ...line(group, row), span: i === 0 ? rows.length : 0 }));
  });
}

/** onCell of a column that names the group: the first line spans the group, the rest are hidden. */
export const spanned = (line: { span: number }) => ({ rowSpan: line.span });

/**
 * The two leading columns of a 汇总表 (排名 and the one that names the group), spanning its lines; frozen
 * on a wide screen, scrolling with the rest on a phone.
 */
export function leadColumns<L extends { span: number }>(
  rankOf: (line: L) => number | null,
  name: ColumnType<L>,
  wide: boolean,
): ColumnType<L>[] {
  const lead = { fixed: wide ? ('left' as const) : undefined, onCell: spanned };
  return [
    { title: '排名', key: 'rank', align: 'center', width: 48, ...lead, render: (_, l) => rankOf(l) ?? '—' },
    { key: 'name', width: wide ? 116 : 96, ...lead, ...name },
  ];
}
