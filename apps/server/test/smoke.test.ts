import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/test-app';
import { bearer, createAdmin, createCompany } from './helpers/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

it('boots, registers, signs in and creates a company', async () => {
  const token = await createAdmin(ctx.app);
  const c = await createCompany(ctx.app, token, '甲公司');
  const res = await ctx.app.inject({ url: '/api/v1/admin/companies', headers: bearer(token) });
  expect(res.json()).toEqual({
    items: [{ id: c.id, name: '甲公司', created_at: expect.any(String) }],
    total: 1,
  });
});
