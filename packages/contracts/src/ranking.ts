// The one ranking rule of the product (汇总表, 测评结果, 跨单位排名): competition ranking, higher first,
// equal values share a rank and the next rank skips (1, 1, 3); a value of null gets no rank.

/** Competition ranking (1, 2, 2, 4), higher first; null values get no rank. */
export function competitionRanks(values: readonly (number | null)[]): (number | null)[] {
  return values.map((v) => (v === null ? null : 1 + values.filter((o) => o !== null && o > v).length));
}

/** Indices in rank order: ranked ones by rank (ties in input order), then the unranked in input order. */
export function rankOrder(ranks: readonly (number | null)[]): number[] {
  return ranks
    .map((r, i) => ({ r, i }))
    .sort((a, b) => (a.r ?? Infinity) - (b.r ?? Infinity) || a.i - b.i)
    .map((x) => x.i);
}

/** Sorts rows by rank (unranked last), keeping the given order among equals. */
export function byRank<T>(rows: readonly T[], rank: (row: T) => number | null): T[] {
  return rankOrder(rows.map(rank)).map((i) => rows[i]!);
}
