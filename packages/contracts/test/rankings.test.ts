import { describe, expect, it } from 'vitest';
import { byRank, competitionRanks } from '../src/ranking';
import { rankingsQuery } from '../src/rankings';
import { meanShare } from '../src/summary-evaluation';

describe('rankings helpers', () => {
  it('ranks highest first, ties share a rank, null gets none', () => {
    expect(competitionRanks([80, 92.5, null, 80, 60])).toEqual([2, 1, null, 2, 4]);
  });
  it('orders by rank, unranked last, stable among equals', () => {
    const rows = [
      { n: 'a', r: 2 },
      { n: 'b', r: null },
      { n: 'c', r: 1 },
      { n: 'd', r: 2 },
    ];
    expect(byRank(rows, (x) => x.r).map((x) => x.n)).toEqual(['c', 'a', 'd', 'b']);
  });
  it('averages shares to two decimals half up', () => {
    expect(meanShare([50, 66.67, 80])).toBe(65.56);
    expect(meanShare([33.33, 33.34])).toBe(33.34);
    expect(meanShare([])).toBeNull();
  });
  it('takes a year between 2000 and 2100, with a Chinese message otherwise', () => {
    expect(rankingsQuery.parse({ year: '2025' }).year).toBe(2025);
    const bad = rankingsQuery.safeParse({ year: '1999' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.message).toMatch(/年度/);
  });
});
