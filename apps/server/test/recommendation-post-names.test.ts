// 推荐职位 names (issue 30): a unit's round has each post name once. A create or a rename to a name another
// post of the same unit and round has (compared trimmed) is a 409 naming the post, and nothing changes; the
// same name in another unit, or a post keeping its own name, is fine.
import type { RecommendationPost } from '@kaoping/contracts/recommendation';
import { describe, expect, it } from 'vitest';
import { useUnitWorld } from './helpers/ballot-world';
import { createCompany } from './helpers/factories';
import { adminCalls } from './helpers/vote-control';

const w = useUnitWorld({ name: '职位单位' });
const api = () => adminCalls(w.ctx.app, () => w.token);

const create = (name: string, companyId = w.companyId) =>
  api().call('POST', '/recommendation-posts/', {
    company_id: companyId,
    name,
    seats: 1,
    candidates: [{ name: '张伟' }],
  });
const names = async (companyId = w.companyId) =>
  (await api().call('GET', `/recommendation-posts/?company_id=${companyId}`))
    .json<RecommendationPost[]>()
    .map((p) => p.name);

describe('推荐职位 names are unique in a unit and round', () => {
  it('refuses a second post of the same name, spaces around it or not', async () => {
    expect((await create('副总经理')).statusCode).toBe(201);
    for (const name of ['副总经理', '  副总经理 ']) {
      const res = await create(name);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'RECOMMENDATION_POST_NAME_TAKEN',
        detail: '推荐职位“副总经理”已存在',
      });
    }
    expect(await names()).toEqual(['副总经理']);
    // Another unit may have a post of that name.
    const other = (await createCompany(w.ctx.app, w.token, '另一单位')).id;
    expect((await create('副总经理', other)).statusCode).toBe(201);
  });

  it("refuses a rename to another post's name and keeps both; a post keeps its own name", async () => {
    const a = (await create('副总经理')).json<RecommendationPost>();
    const b = (await create('总会计师')).json<RecommendationPost>();
    const res = await api().call('PUT', `/recommendation-posts/${b.id}`, { name: ' 副总经理' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'RECOMMENDATION_POST_NAME_TAKEN',
      detail: '推荐职位“副总经理”已存在',
    });
    expect(await names()).toEqual(['副总经理', '总会计师']);
    const same = await api().call('PUT', `/recommendation-posts/${a.id}`, { name: '副总经理', seats: 1 });
    expect(same.statusCode, same.body).toBe(200);
    const renamed = await api().call('PUT', `/recommendation-posts/${b.id}`, { name: '工会主席' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await names()).toEqual(['副总经理', '工会主席']);
    // The freed name can be used again.
    expect((await create('总会计师')).statusCode).toBe(201);
  });
});
