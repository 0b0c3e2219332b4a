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
