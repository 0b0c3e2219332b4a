// The pooled 128-bit ids of the ballot path (receipt ids, codes-mode voter ids): URL-safe, 22 characters,
// and never repeated, across many refills of the pool.
import { describe, expect, it } from 'vitest';
import { randomId128 } from '../src/lib/random-id';

describe('randomId128', () => {
  it('answers distinct URL-safe 128-bit ids across many refills of its pool', () => {
    const ids = Array.from({ length: 5000 }, () => randomId128());
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Buffer.from(id, 'base64url')).toHaveLength(16);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('does not hand out the same bytes shifted: consecutive ids share no 8-byte run', () => {
    const bytes = Array.from({ length: 600 }, () => Buffer.from(randomId128(), 'base64url').toString('hex'));
    const halves = bytes.flatMap((h) => [h.slice(0, 16), h.slice(16)]);
    expect(new Set(halves).size).toBe(halves.length);
  });
});
