import { describe, expect, it } from 'vitest';
import { instant } from '../src/common';

const message = (s: string) => instant.safeParse(s).error?.issues[0]?.message;

describe('instant', () => {
  it('takes instants of years 0001-9999 in UTC', () => {
    expect(instant.parse('2025-01-01T09:00:00+08:00')).toBe('2025-01-01T09:00:00+08:00');
    expect(instant.safeParse('0001-01-01T00:00:00Z').success).toBe(true);
    expect(instant.safeParse('9999-12-31T23:59:59Z').success).toBe(true);
  });

  it('refuses year 0000 and instants that leave 0001-9999 once in UTC', () => {
    for (const s of ['0000-01-01T00:00:00Z', '0001-01-01T00:00:00+08:00', '9999-12-31T23:59:59-08:00']) {
      expect(message(s)).toBe('时间超出范围（年份须在 0001 到 9999 之间）');
    }
    expect(message('2025-13-01T00:00:00Z')).toMatch(/ISO 8601/);
  });
});
