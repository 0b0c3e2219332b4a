import { beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './helpers/test-app';
import { useAdminWorld } from './helpers/ballot-world';
import { bearer, createCompany, createVoteTarget } from './helpers/factories';

let ctx: TestContext;
let token: string;
const url = '/api/v1/admin/vote-targets';

const w = useAdminWorld();
beforeEach(() => ({ ctx, token } = w));

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) =>
  ctx.app.inject({ method, url: `${url}${path}`, headers: bearer(token), payload: payload as object });
const list = async (companyId: number) => (await call('GET', `/?company_id=${companyId}`)).json();
const order = async (companyId: number) =>
  (await list(companyId)).map((t: { id: number; sort_order: number }) => [t.id, t.sort_order]);

describe('reorder', () => {
  it('rewrites every listed sort_order at once and answers the new list', async () => {
    const c = await createCompany(ctx.app, token);
    const [t1, t2, t3] = [
      await createVoteTarget(ctx.app, token, c.id, { name: '一' }),
      await createVoteTarget(ctx.app, token, c.id, { name: '二' }),
      await createVoteTarget(ctx.app, token, c.id, { name: '三' }),
    ];
    const res = await call('PUT', '/reorder', {
      company_id: c.id,
      items: [
        { id: t3!.id, sort_order: 10 },
        { id: t1!.id, sort_order: 20 },
        { id: t2!.id, sort_order: 30 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((t: { name: string }) => t.name)).toEqual(['三', '一', '二']);
    expect((await list(c.id)).map((t: { name: string }) => t.name)).toEqual(['三', '一', '二']);
  });

  it('changes nothing when one id belongs to another company or does not exist', async () => {
    const a = await createCompany(ctx.app, token, '甲');
    const b = await createCompany(ctx.app, token, '乙');
    const mine = await createVoteTarget(ctx.app, token, a.id);
    const theirs = await createVoteTarget(ctx.app, token, b.id);
    const before = { a: await order(a.id), b: await order(b.id) };
    for (const foreign of [theirs.id, 9999]) {
      const res = await call('PUT', '/reorder', {
        company_id: a.id,
        items: [
          { id: mine.id, sort_order: 500 },
          { id: foreign, sort_order: 1 },
        ],
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe(`测评对象不存在或不属于该单位：${foreign}`);
    }
    expect({ a: await order(a.id), b: await order(b.id) }).toEqual(before);
  });

  it('refuses duplicates, empty lists and unknown companies', async () => {
    const c = await createCompany(ctx.app, token);
    const t = await createVoteTarget(ctx.app, token, c.id);
    const dup = await call('PUT', '/reorder', {
      company_id: c.id,
      items: [
        { id: t.id, sort_order: 1 },
        { id: t.id, sort_order: 2 },
      ],
    });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().detail).toMatch(/重复/);
    expect((await call('PUT', '/reorder', { company_id: c.id, items: [] })).statusCode).toBe(422);
    const unknown = await call('PUT', '/reorder', { company_id: 999, items: [{ id: t.id, sort_order: 1 }] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('单位不存在');
    expect(await order(c.id)).toEqual([[t.id, 10]]);
  });

  it('applies concurrent reorders one after the other: the result is one submitted order, never a mix', async () => {
    const c = await createCompany(ctx.app, token);
    const ids: number[] = [];
    for (let i = 0; i < 6; i++)
      ids.push((await createVoteTarget(ctx.app, token, c.id, { name: `对象${i}` })).id);
    const permutations = [0, 1, 2, 3, 4].map((k) => {
      const rotated = [...ids.slice(k), ...ids.slice(0, k)];
      return k % 2 ? rotated.reverse() : rotated;
    });
    const bodies = permutations.map((p) => ({
      company_id: c.id,
      items: p.map((id, index) => ({ id, sort_order: 10 * (index + 1) })),
    }));
    const results = await Promise.all(bodies.map((b) => call('PUT', '/reorder', b)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const final = (await list(c.id)).map((t: { id: number }) => t.id);
    expect(permutations).toContainEqual(final);
  });
});
