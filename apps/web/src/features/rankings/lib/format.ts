/** A share in percent as printed: two decimals and %, or — without ballots. */
export const percent = (v: number | null) => (v === null ? '—' : `${v.toFixed(2)}%`);
/** A weighted score: two decimals, or —. */
export const score = (v: number | null) => (v === null ? '—' : v.toFixed(2));
/** A difference in percentage points with its sign. */
export const points = (v: number | null) => (v === null ? '—' : `${v > 0 ? '+' : ''}${v.toFixed(2)}`);
/** A sorter for nullable numbers, missing values last whatever the direction. */
export const byNumber =
  <T>(pick: (row: T) => number | null) =>
  (a: T, b: T) =>
    (pick(a) ?? -Infinity) - (pick(b) ?? -Infinity);
/** The years the picker offers: this year and the nine before it. */
export const recentYears = (now = new Date()) => Array.from({ length: 10 }, (_, i) => now.getFullYear() - i);
