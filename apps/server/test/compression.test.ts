import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeEach, expect, it } from 'vitest';
import type { TestContext } from './helpers/test-app';
import { useAdminWorld } from './helpers/ballot-world';
import { bearer, createCompany } from './helpers/factories';

let ctx: TestContext;
let token: string;

const w = useAdminWorld();
beforeEach(() => ({ ctx, token } = w));

const list = (encoding?: string) =>
  ctx.app.inject({
    url: '/api/v1/admin/companies/?limit=100',
    headers: { ...bearer(token), ...(encoding ? { 'accept-encoding': encoding } : {}) },
  });

it('compresses a large JSON answer with brotli or gzip, as the client accepts', async () => {
  for (let i = 0; i < 40; i++) await createCompany(ctx.app, token, `华东能源集团第${i + 1}分公司`);
  const plain = await list();
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.json().items).toHaveLength(40);
  expect(plain.rawPayload.length).toBeGreaterThan(2048);

  const br = await list('gzip, deflate, br');
  expect(br.statusCode).toBe(200);
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers.vary).toMatch(/accept-encoding/i);
  expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

  const gz = await list('gzip');
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
});

it('sends small answers as they are', async () => {
  await createCompany(ctx.app, token, '甲');
  const res = await list('br');
  expect(res.headers['content-encoding']).toBeUndefined();
  expect(res.json().items).toHaveLength(1);
  const health = await ctx.app.inject({ url: '/api/v1/health', headers: { 'accept-encoding': 'br' } });
  expect(health.headers['content-encoding']).toBeUndefined();
});

it('leaves the streamed exports uncompressed, whatever the client accepts', async () => {
  const company = await createCompany(ctx.app, token, '甲');
  for (const file of ['ballots.csv', 'export.xlsx']) {
    const res = await ctx.app.inject({
      url: `/api/v1/admin/companies/${company.id}/results/${file}`,
      headers: { ...bearer(token), 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode, file).toBe(200);
    expect(res.headers['content-encoding'], file).toBeUndefined();
    expect(res.headers['content-disposition'], file).toMatch(/attachment/);
  }
});
