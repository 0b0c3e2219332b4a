import { beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './helpers/test-app';
import { useAdminWorld } from './helpers/ballot-world';
import { bearer, createCompany, createEvaluationSubject } from './helpers/factories';

let ctx: TestContext;
let token: string;
const url = '/api/v1/admin/evaluation-subjects';

const w = useAdminWorld();
beforeEach(() => ({ ctx, token } = w));

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) =>
  ctx.app.inject({ method, url: `${url}${path}`, headers: bearer(token), payload: payload as object });
const list = async (companyId: number) => (await call('GET', `/company/${companyId}`)).json();
const order = async (companyId: number) =>
  (await list(companyId)).map((s: { id: number; sort_order: number }) => [s.id, s.sort_order]);

describe('reorder', () => {
  it('rewrites only the rows sent, at once', async () => {
    const c = await createCompany(ctx.app, token);
    const a = await createEvaluationSubject(ctx.app, token, c.id, { name: 'A' });
    const b = await createEvaluationSubject(ctx.app, token, c.id, { name: 'B' });
    const d = await createEvaluationSubject(ctx.app, token, c.id, { name: 'C' });
    // Drag C to the top: indexes from 0, only the changed rows are sent.
    const res = await call('PUT', '/reorder', {
      company_id: c.id,
      items: [
        { id: d.id, sort_order: 0 },
        { id: a.id, sort_order: 1 },
        { id: b.id, sort_order: 2 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((s: { name: string }) => s.name)).toEqual(['C', 'A', 'B']);
    const partial = await call('PUT', '/reorder', {
      company_id: c.id,
      items: [
        { id: a.id, sort_order: 2 },
        { id: b.id, sort_order: 1 },
      ],
    });
    expect(partial.statusCode).toBe(200);
    expect(await order(c.id)).toEqual([
      [d.id, 0],
      [b.id, 1],
      [a.id, 2],
    ]);
  });

  it('changes nothing when one id belongs to another company or does not exist', async () => {
    const x = await createCompany(ctx.app, token, '甲');
    const y = await createCompany(ctx.app, token, '乙');
    const mine = await createEvaluationSubject(ctx.app, token, x.id);
    const theirs = await createEvaluationSubject(ctx.app, token, y.id);
    const before = { x: await order(x.id), y: await order(y.id) };
    for (const foreign of [theirs.id, 9999]) {
      const res = await call('PUT', '/reorder', {
        company_id: x.id,
        items: [
          { id: mine.id, sort_order: 50 },
          { id: foreign, sort_order: 0 },
        ],
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe(`评议对象不存在或不属于该单位：${foreign}`);
    }
    expect({ x: await order(x.id), y: await order(y.id) }).toEqual(before);
    expect(
      (await call('PUT', '/reorder', { company_id: 999, items: [{ id: mine.id, sort_order: 1 }] }))
        .statusCode,
    ).toBe(404);
    expect((await call('PUT', '/reorder', { company_id: x.id, items: [] })).statusCode).toBe(422);
  });

  it('applies concurrent reorders one after the other: the result is one submitted order, never a mix', async () => {
    const c = await createCompany(ctx.app, token);
    const ids: number[] = [];
    for (let i = 0; i < 6; i++)
      ids.push((await createEvaluationSubject(ctx.app, token, c.id, { name: `S${i}` })).id);
    const permutations = [0, 1, 2, 3, 4].map((k) => {
      const rotated = [...ids.slice(k), ...ids.slice(0, k)];
      return k % 2 ? rotated.reverse() : rotated;
    });
    const results = await Promise.all(
      permutations.map((p) =>
        call('PUT', '/reorder', {
          company_id: c.id,
          items: p.map((id, index) => ({ id, sort_order: index })),
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const final = (await list(c.id)).map((s: { id: number }) => s.id);
    expect(permutations).toContainEqual(final);
  });
});
