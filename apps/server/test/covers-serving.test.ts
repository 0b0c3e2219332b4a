import { beforeEach, expect, it } from 'vitest';
import { configureCoverCache, coverCacheStats } from '../src/modules/covers/cover-cache';
import { upsertCover } from '../src/modules/covers/covers.repository';
import type { TestContext } from './helpers/test-app';
import { useAdminWorld } from './helpers/ballot-world';
import { makePdf, photoPng, sha } from './helpers/cover-fixtures';
import { bearer, createCompany, createVoteType, multipartFile } from './helpers/factories';

let ctx: TestContext;
let token: string;

const w = useAdminWorld();
beforeEach(() => ({ ctx, token } = w));

async function setup() {
  const company = await createCompany(ctx.app, token, '甲');
  const voteType = (await createVoteType(ctx.app, token, company.id)) as { id: number; link_id: string };
  return { c: company.id, v: voteType };
}

async function upload(c: number, v: number, data: Buffer, name: string) {
  const form = multipartFile(data, name, 'application/octet-stream');
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/admin/covers/?company_id=${c}&vote_type_id=${v}`,
    headers: { ...form.headers, ...bearer(token) },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A PDF of about `mb` MB: a clean one-page file followed by a comment of filler, as scanners write. */
async function largePdf(mb: number) {
  const pdf = await makePdf();
  const filler = Buffer.alloc(mb * 1024 * 1024 - pdf.length, '%' + 'x'.repeat(79) + '\n');
  return Buffer.concat([pdf, filler]);
}

const publicUrl = (link: string) => `/api/v1/public/polls/vote-type/${link}/cover/front`;

it('serves 50 parallel downloads of a large cover with identical bytes from one database read', async () => {
  const { c, v } = await setup();
  const pdf = await largePdf(8);
  const meta = await upload(c, v.id, pdf, 'big.pdf');
  // An instance that did not take the upload (or one restarted since) starts with nothing cached.
  configureCoverCache(64 * 1024 * 1024);
  const before = coverCacheStats().loads;
  const all = await Promise.all(
    Array.from({ length: 50 }, () => ctx.app.inject({ url: publicUrl(v.link_id) })),
  );
  for (const res of all) {
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(pdf.length));
    expect(res.rawPayload.equals(pdf)).toBe(true);
  }
  expect(coverCacheStats().loads - before).toBe(1);
  // Later downloads, the admin's included (the same bytes: a PDF is sent as uploaded), read nothing more.
  expect((await ctx.app.inject({ url: publicUrl(v.link_id) })).rawPayload.equals(pdf)).toBe(true);
  const admin = await ctx.app.inject({ url: meta.url, headers: bearer(token) });
  expect(admin.rawPayload.equals(pdf)).toBe(true);
  expect(coverCacheStats().loads - before).toBe(1);
}, 120_000);

it('keeps a fresh upload in the cache: the first phones read nothing back from the database', async () => {
  const { c, v } = await setup();
  const before = coverCacheStats().loads;
  await upload(c, v.id, await photoPng(800, 600), 'a.png');
  const res = await ctx.app.inject({ url: publicUrl(v.link_id) });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/webp');
  expect(coverCacheStats().loads - before).toBe(0);
});

it('answers 304 to a phone that has the cover, and lets it keep the cover five minutes', async () => {
  const { c, v } = await setup();
  await upload(c, v.id, await photoPng(400, 300), 'a.png');
  const first = await ctx.app.inject({ url: publicUrl(v.link_id) });
  expect(first.statusCode).toBe(200);
  expect(first.headers['cache-control']).toBe('public, max-age=300');
  expect(first.headers.etag).toBe(`"${sha(first.rawPayload)}"`);
  expect(first.headers['x-content-type-options']).toBe('nosniff');
  // A cover opens by itself in a tab: it carries the page's rules, not the API's.
  expect(first.headers['content-security-policy']).toContain("default-src 'self'");
  expect(first.headers['x-frame-options']).toBe('SAMEORIGIN');
  const again = await ctx.app.inject({
    url: publicUrl(v.link_id),
    headers: { 'if-none-match': first.headers.etag as string },
  });
  expect(again.statusCode).toBe(304);
  expect(again.rawPayload.length).toBe(0);
  expect(again.headers.etag).toBe(first.headers.etag);
  expect(again.headers['cache-control']).toBe('public, max-age=300');
  const other = await ctx.app.inject({ url: publicUrl(v.link_id), headers: { 'if-none-match': '"old"' } });
  expect(other.statusCode).toBe(200);
  // Already compressed: never compressed again, whatever the phone accepts.
  const br = await ctx.app.inject({ url: publicUrl(v.link_id), headers: { 'accept-encoding': 'br, gzip' } });
  expect(br.headers['content-encoding']).toBeUndefined();
  expect(br.rawPayload.equals(first.rawPayload)).toBe(true);
});

it('never serves the old bytes once a cover is replaced', async () => {
  const { c, v } = await setup();
  await upload(c, v.id, await photoPng(300, 200), 'a.png');
  const old = await ctx.app.inject({ url: publicUrl(v.link_id) });
  await upload(c, v.id, await photoPng(200, 300), 'b.png');
  const fresh = await ctx.app.inject({
    url: publicUrl(v.link_id),
    headers: { 'if-none-match': old.headers.etag as string },
  });
  expect(fresh.statusCode).toBe(200);
  expect(fresh.headers.etag).not.toBe(old.headers.etag);
  const view = (await ctx.app.inject({ url: `/api/v1/public/polls/vote-type/${v.link_id}` })).json();
  expect(sha(fresh.rawPayload)).toBe(view.covers.front.sha256);
  expect(view.covers.front).toMatchObject({ width: 200, height: 300 });
});

it('serves the cover the page asked for (?v=) even when another instance replaced it a moment ago', async () => {
  const { c, v } = await setup();
  const first = await makePdf();
  await upload(c, v.id, first, 'a.pdf');
  expect((await ctx.app.inject({ url: publicUrl(v.link_id) })).rawPayload.equals(first)).toBe(true);
  // Another instance stores a new file: this one is not told, its lookup of the link is a second old.
  const second = Buffer.concat([first, Buffer.from('%another version\n')]);
  await upsertCover(ctx.database.db, {
    companyId: c,
    voteTypeId: v.id,
    kind: 'front',
    contentType: 'application/pdf',
    fileName: 'b.pdf',
    size: second.length,
    sha256: sha(second),
    data: second,
  });
  const view = (await ctx.app.inject({ url: `/api/v1/public/polls/vote-type/${v.link_id}` })).json();
  expect(view.covers.front.sha256).toBe(sha(second));
  const res = await ctx.app.inject({ url: `${publicUrl(v.link_id)}?v=${sha(second).slice(0, 16)}` });
  expect(res.headers.etag).toBe(`"${sha(second)}"`);
  expect(res.rawPayload.equals(second)).toBe(true);
});
