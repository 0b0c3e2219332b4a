import { beforeEach, describe, expect, it } from 'vitest';
import { getCoverFile } from '../src/modules/covers/covers.service';
import type { TestContext } from './helpers/test-app';
import { useAdminWorld } from './helpers/ballot-world';
import { JPEG, PDF, PNG, sha, WEBP } from './helpers/cover-fixtures';
import { coverCalls } from './helpers/cover-calls';
import { bearer } from './helpers/factories';

let ctx: TestContext;
let token: string;

const w = useAdminWorld();
beforeEach(() => ({ ctx, token } = w));

const { setup, upload, get } = coverCalls(
  () => ctx.app,
  () => token,
);

describe('upload and read', () => {
  it('stores a PNG front cover and describes it', async () => {
    const { c, v } = await setup();
    expect((await get(`/${c}/${v}`)).json()).toBeNull();
    const res = await upload(c, v, PNG, '说明.png');
    expect(res.statusCode).toBe(201);
    const meta = res.json();
    expect(meta).toEqual({
      id: expect.any(Number),
      company_id: c,
      vote_type_id: v,
      kind: 'front',
      content_type: 'image/png',
      file_name: '说明.png',
      size: PNG.length,
      sha256: sha(PNG),
      created_at: expect.any(String),
      url: `/api/v1/admin/covers/${meta.id}/file`,
      display: { content_type: 'image/webp', size: expect.any(Number), width: 1, height: 1 },
    });
    expect((await get(`/${c}/${v}`)).json()).toEqual(meta);
    expect((await get(`/back-cover/${c}/${v}`)).json()).toBeNull();
  });

  it('serves the bytes with the right type, nosniff, caching headers and an ETag; 304 when unchanged', async () => {
    const { c, v } = await setup();
    const meta = (await upload(c, v, PNG)).json();
    const res = await ctx.app.inject({ method: 'GET', url: meta.url, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.etag).toBe(`"${sha(PNG)}"`);
    expect(res.rawPayload.equals(PNG)).toBe(true);
    const again = await get(`/${meta.id}/file`, { 'if-none-match': `"${sha(PNG)}"` });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await get(`/${meta.id}/file`, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    expect((await get('/9999/file')).statusCode).toBe(404);
  });

  it('recognises JPEG, WebP and PDF by content, whatever the name says', async () => {
    const { c, v } = await setup();
    for (const [data, type] of [
      [JPEG, 'image/jpeg'],
      [WEBP, 'image/webp'],
      [PDF, 'application/pdf'],
    ] as const) {
      const res = await upload(c, v, data, 'noname.bin', 'application/octet-stream');
      expect(res.statusCode).toBe(201);
      expect(res.json().content_type).toBe(type);
      const file = await get(`/${res.json().id}/file`);
      expect(file.headers['content-type']).toBe(type);
    }
  });

  it('keeps front and back covers apart', async () => {
    const { c, v } = await setup();
    await upload(c, v, PNG);
    const back = await upload(c, v, PDF, '致谢.pdf', 'application/pdf', true);
    expect(back.statusCode).toBe(201);
    expect(back.json()).toMatchObject({
      kind: 'back',
      content_type: 'application/pdf',
      file_name: '致谢.pdf',
    });
    expect((await get(`/back-cover/${c}/${v}`)).json().id).toBe(back.json().id);
    expect((await get(`/${c}/${v}`)).json().kind).toBe('front');
  });

  it('replaces the cover on a new upload: one cover, the new bytes', async () => {
    const { c, v } = await setup();
    const first = (await upload(c, v, PNG)).json();
    const second = await upload(c, v, JPEG, 'new.jpg', 'image/jpeg');
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({
      content_type: 'image/jpeg',
      sha256: sha(JPEG),
      file_name: 'new.jpg',
    });
    expect((await get(`/${c}/${v}`)).json()).toEqual(second.json());
    const bytes = await get(`/${second.json().id}/file`);
    expect(bytes.rawPayload.equals(JPEG)).toBe(true);
    const { covers } = await import('../src/db/schema');
    expect((await ctx.database.db.select().from(covers)).length).toBe(1);
    expect(first.id).toBe(second.json().id);
  });

  it('keeps exactly one consistent cover when uploads race', async () => {
    const { c, v } = await setup();
    const results = await Promise.all([PNG, JPEG, WEBP, PDF].map((d) => upload(c, v, d)));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const meta = (await get(`/${c}/${v}`)).json();
    const bytes = (await get(`/${meta.id}/file`)).rawPayload;
    expect(sha(bytes)).toBe(meta.sha256);
    expect(bytes.length).toBe(meta.size);
  });

  it('exports getCoverFile for the public voting pages', async () => {
    const { c, v } = await setup();
    await upload(c, v, PDF, 'a.pdf', 'application/pdf', true);
    const file = await getCoverFile(ctx.database.db, v, 'back');
    expect(file).toMatchObject({ contentType: 'application/pdf', sha256: sha(PDF) });
    expect(file.data.equals(PDF)).toBe(true);
    await expect(getCoverFile(ctx.database.db, v, 'front')).rejects.toMatchObject({ status: 404 });
  });
});
