import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/test-app';

// A stand-in build output: the server's job is to serve whatever the web build produced.
const dist = mkdtempSync(path.join(tmpdir(), 'kaoping-web-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>考评</title><div id="root"></div>');
writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ WEB_DIST: dist });
});
afterAll(() => ctx.close());

it('serves the app for client routes on the same port as the API', async () => {
  for (const url of ['/', '/admin', '/admin/vote-types?company=3', '/vote/type/abc', '/login']) {
    const res = await ctx.app.inject({ url });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
  }
});

it('caches fingerprinted assets for good and 404s missing ones', async () => {
  const asset = await ctx.app.inject({ url: '/assets/app-abc123.js' });
  expect(asset.statusCode).toBe(200);
  expect(asset.headers['cache-control']).toContain('immutable');
  expect((await ctx.app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
});

it('keeps unknown API paths as JSON 404s', async () => {
  const res = await ctx.app.inject({ url: '/api/v1/unknown' });
  expect(res.statusCode).toBe(404);
  expect(res.json().detail).toMatch(/接口不存在/);
  expect((await ctx.app.inject({ method: 'POST', url: '/admin' })).statusCode).toBe(404);
});
