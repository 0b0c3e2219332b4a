import { describe, expect, it } from 'vitest';
import { figureChange, roundCreateBody, roundQuery } from '../src/rounds';

describe('figureChange', () => {
  it('is this − previous, exact to two decimals, null when either is missing', () => {
    expect(figureChange(87.87, 85.5)).toBe(2.37);
    expect(figureChange(0.3, 0.1)).toBe(0.2);
    expect(figureChange(80, 82.15)).toBe(-2.15);
    expect(figureChange(90.01, 90.01)).toBe(0);
    expect(figureChange(null, 80)).toBeNull();
    expect(figureChange(80, null)).toBeNull();
  });
});

describe('roundCreateBody', () => {
  it('takes a name and a year within 2000-2100', () => {
    expect(roundCreateBody.parse({ name: '2027年度', year: 2027 })).toEqual({ name: '2027年度', year: 2027 });
    expect(roundCreateBody.parse({ name: '2100年度', year: '2100' }).year).toBe(2100);
  });

  it.each([
    [{ name: '1999年度', year: 1999 }, '年度必须在 2000-2100 之间'],
    [{ name: '2101年度', year: 2101 }, '年度必须在 2000-2100 之间'],
    [{ name: '2027年度', year: 2027.5 }, '年度必须是整数'],
    [{ name: '2027年度', year: 'abc' }, '年度必须是数字'],
  ])('refuses %j with a Chinese message', (body, message) => {
    const result = roundCreateBody.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toContain(message);
  });

  it('refuses an empty name and unknown fields', () => {
    expect(roundCreateBody.safeParse({ name: '', year: 2027 }).success).toBe(false);
    expect(roundCreateBody.safeParse({ name: 'x', year: 2027, state: 'archived' }).success).toBe(false);
  });
});

describe('roundQuery', () => {
  it('takes an optional positive round_id', () => {
    expect(roundQuery.parse({})).toEqual({});
    expect(roundQuery.parse({ round_id: '7' })).toEqual({ round_id: 7 });
    expect(roundQuery.safeParse({ round_id: '0' }).success).toBe(false);
  });
});
