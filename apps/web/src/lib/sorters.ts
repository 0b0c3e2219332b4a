import type { SortOrder } from 'antd/es/table/interface';

/** Compares numbers for an antd sorter with the rows without a figure (no ballots) last either way. */
export function nullsLast(
  a: number | null | undefined,
  b: number | null | undefined,
  order?: SortOrder | null,
) {
  const an = a === null || a === undefined;
  const bn = b === null || b === undefined;
  if (an || bn) {
    if (an && bn) return 0;
    // antd reverses the result for a descending sort: a missing value must then compare low to stay last.
    const missingFirst = order === 'descend' ? -1 : 1;
    return an ? missingFirst : -missingFirst;
  }
  return (a as number) - (b as number);
}
