import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/test-app';

// A stand-in build output: the server's job is to serve whatever the web build produced.
const dist = mkdtempSync(path.join(tmpdir(), 'kaoping-web-'));
mkdirSync(path.join(dist, 'assets'));
mkdirSync(path.join(dist, '.vite'));
writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>考评</title><div id="root"></div>');
writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
// What the web build writes (apps/web/vite-precompress.ts): a brotli and a gzip copy beside each text file.
const script = Buffer.from(`export const text = ${JSON.stringify('考评'.repeat(2000))};\n`);
const indexHtml = Buffer.from(`<!doctype html><title>考评</title><div id="root"></div>${' '.repeat(900)}`);
// The voter pages' own build (apps/web/vite.voter.config.ts), for /, /home and /vote/... addresses.
const voterHtml = Buffer.from(`${indexHtml}<script type="module" src="/assets/voter-1.js"></script>`);
for (const [name, data] of [
  ['assets/index-def456.js', script],
  ['index.html', indexHtml],
  ['voter.html', voterHtml],
] as const) {
  writeFileSync(path.join(dist, name), data);
  writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(data));
  writeFileSync(path.join(dist, `${name}.gz`), gzipSync(data));
}

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

describe('compressed at build time', () => {
  it('sends the brotli copy of a script to a browser that accepts it, gzip to one that takes only gzip', async () => {
    const url = '/assets/index-def456.js';
    const br = await ctx.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    // Rules for documents stay on the page, not on each script.
    expect(br.headers['content-security-policy']).toBeUndefined();
    expect(br.headers['x-frame-options']).toBeUndefined();
    expect(br.rawPayload.length).toBeLessThan(script.length / 5);
    expect(brotliDecompressSync(br.rawPayload).equals(script)).toBe(true);

    const gz = await ctx.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(script)).toBe(true);

    const plain = await ctx.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.equals(script)).toBe(true);
  });

  it('sends index.html compressed for every client route and never lets it be cached unchecked', async () => {
    for (const url of [
      '/',
      '/admin/covers?company=1',
      '/vote/result/abc',
      '/vote/type/abc',
      '/vote/type/abc/',
    ]) {
      const res = await ctx.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      // Voters reach the app over plain http on meeting LANs; upgrading requests would blank the page.
      expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
      // Voter addresses get the voter build's page (an unknown link's without a ballot: voter-page.test.ts).
      const page = url === '/' || url.startsWith('/vote/') ? voterHtml : indexHtml;
      expect(brotliDecompressSync(res.rawPayload).equals(page), url).toBe(true);
    }
  });

  it('does not publish the compressed copies or the build manifest under their own names', async () => {
    expect((await ctx.app.inject({ url: '/assets/index-def456.js.br' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/.vite/manifest.json' })).statusCode).toBe(404);
  });
});

it('keeps unknown API paths as JSON 404s', async () => {
  const res = await ctx.app.inject({ url: '/api/v1/unknown' });
  expect(res.statusCode).toBe(404);
  expect(res.json().detail).toMatch(/接口不存在/);
  expect((await ctx.app.inject({ method: 'POST', url: '/admin' })).statusCode).toBe(404);
});
