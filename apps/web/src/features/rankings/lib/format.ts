import type { SortOrder } from 'antd/es/table/interface';
import { nullsLast } from '@/lib/sorters';

/** A sorter for nullable numbers, missing values last whatever the direction. */
export const byNumber =
  <T>(pick: (row: T) => number | null) =>
  (a: T, b: T, order?: SortOrder | null) =>
    nullsLast(pick(a), pick(b), order);
/** The years the picker offers: this year and the nine before it. */
export const recentYears = (now = new Date()) => Array.from({ length: 10 }, (_, i) => now.getFullYear() - i);
