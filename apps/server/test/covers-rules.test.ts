import { beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './helpers/test-app';
import { useAdminWorld } from './helpers/ballot-world';
import { coverCalls } from './helpers/cover-calls';
import { PNG, sha } from './helpers/cover-fixtures';
import { bearer, createCompany, createVoteType, multipartFile } from './helpers/factories';

let ctx: TestContext;
let token: string;
const url = '/api/v1/admin/covers';

const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(64),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(256)]);

const w = useAdminWorld();
beforeEach(() => ({ ctx, token } = w));

const { setup, upload, withAuth, get, del } = coverCalls(
  () => ctx.app,
  () => token,
);

describe('bad uploads', () => {
  it('refuses a renamed .exe, text and an empty file; keeps what was there', async () => {
    const { c, v } = await setup();
    await upload(c, v, PNG);
    const exe = await upload(c, v, EXE, 'cover.png', 'image/png');
    expect(exe.statusCode).toBe(415);
    expect(exe.json().detail).toMatch(/PNG、JPEG、WebP 图片或 PDF/);
    expect((await upload(c, v, Buffer.from('<svg onload=alert(1)>'), 'a.png')).statusCode).toBe(415);
    const empty = await upload(c, v, Buffer.alloc(0), 'a.png');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail).toMatch(/文件为空/);
    expect((await get(`/${c}/${v}`)).json().sha256).toBe(sha(PNG));
  });

  it('accepts exactly 10 MB and refuses 11 MB with 413, keeping the old cover', async () => {
    const { c, v } = await setup();
    const tenMb = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 - PNG.length)]);
    expect((await upload(c, v, tenMb)).statusCode).toBe(201);
    const big = await upload(
      c,
      v,
      Buffer.concat([JPEG, Buffer.alloc(11 * 1024 * 1024)]),
      'big.jpg',
      'image/jpeg',
    );
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ detail: '文件不能超过 10 MB', code: 'FILE_TOO_LARGE' });
    expect((await get(`/${c}/${v}`)).json()).toMatchObject({
      content_type: 'image/png',
      size: 10 * 1024 * 1024,
    });
    // Moving 21 MB through PGlite takes several seconds, many more on a loaded CI machine.
  }, 180_000);

  it('refuses a JSON body, a missing file and a wrong field name', async () => {
    const { c, v } = await setup();
    const json = await ctx.app.inject({
      method: 'POST',
      url: `${url}/?company_id=${c}&vote_type_id=${v}`,
      headers: bearer(token),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const wrongField = await ctx.app.inject({
      method: 'POST',
      url: `${url}/?company_id=${c}&vote_type_id=${v}`,
      ...withAuth(multipartFile(PNG, 'a.png', 'image/png', 'image')),
    });
    expect(wrongField.statusCode).toBe(422);
    const boundary = 'xyz';
    const noFile = await ctx.app.inject({
      method: 'POST',
      url: `${url}/?company_id=${c}&vote_type_id=${v}`,
      headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n--${boundary}--\r\n`,
    });
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().detail).toBe('请选择要上传的文件');
    const broken = await ctx.app.inject({
      method: 'POST',
      url: `${url}/?company_id=${c}&vote_type_id=${v}`,
      headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n${PNG.toString('latin1')}`,
    });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
    expect((await get(`/${c}/${v}`)).json()).toBeNull();
  });

  it('checks the company and that the vote type is its own', async () => {
    const { c, v } = await setup();
    const other = await createCompany(ctx.app, token, '乙');
    const theirs = await createVoteType(ctx.app, token, other.id);
    const unknownCompany = await upload(999, v, PNG);
    expect(unknownCompany.statusCode).toBe(404);
    expect(unknownCompany.json()).toEqual({ detail: '单位不存在', code: 'COMPANY_NOT_FOUND' });
    const cross = await upload(c, theirs.id, PNG);
    expect(cross.statusCode).toBe(404);
    expect(cross.json()).toEqual({ detail: '投票类型不存在', code: 'VOTE_TYPE_NOT_FOUND' });
    expect((await upload(c, 9999, PNG)).statusCode).toBe(404);
    await upload(other.id, theirs.id, PNG);
    expect((await get(`/${c}/${theirs.id}`)).statusCode).toBe(404);
    expect((await get(`/back-cover/${c}/${theirs.id}`)).statusCode).toBe(404);
    expect((await del(`/back-cover/${c}/${theirs.id}`)).statusCode).toBe(404);
    expect((await get(`/${other.id}/${theirs.id}`)).json()).not.toBeNull();
    expect((await upload(c, v, PNG, 'a.png', 'image/png')).statusCode).toBe(201);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `${url}/?company_id=${c}`,
          ...withAuth(multipartFile(PNG)),
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('delete', () => {
  it('deletes the front cover by id and the back cover by company and vote type', async () => {
    const { c, v } = await setup();
    const front = (await upload(c, v, PNG)).json();
    await upload(c, v, PDF, 'b.pdf', 'application/pdf', true);
    expect((await del(`/${front.id}`)).statusCode).toBe(204);
    expect((await get(`/${c}/${v}`)).json()).toBeNull();
    expect((await get(`/${front.id}/file`)).statusCode).toBe(404);
    expect((await del(`/${front.id}`)).statusCode).toBe(404);
    expect((await del(`/back-cover/${c}/${v}`)).statusCode).toBe(204);
    expect((await get(`/back-cover/${c}/${v}`)).json()).toBeNull();
    const none = await del(`/back-cover/${c}/${v}`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ detail: '尚未上传封底', code: 'COVER_NOT_UPLOADED' });
  });

  it('never deletes a cover through another company’s id', async () => {
    const { c, v } = await setup();
    const other = await createCompany(ctx.app, token, '乙');
    const front = (await upload(c, v, PNG)).json();
    expect((await del(`/${front.id}?company_id=${other.id}`)).statusCode).toBe(404);
    expect((await get(`/${c}/${v}`)).json()).not.toBeNull();
    expect((await del(`/${front.id}?company_id=${c}`)).statusCode).toBe(204);
  });

  it('goes with its vote type', async () => {
    const { c, v } = await setup();
    const front = (await upload(c, v, PNG)).json();
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/vote-types/${v}`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(204);
    expect((await get(`/${front.id}/file`)).statusCode).toBe(404);
  });
});

it('answers 401 without a token on every call', async () => {
  for (const [method, path] of [
    ['POST', '/?company_id=1&vote_type_id=1'],
    ['POST', '/back-cover?company_id=1&vote_type_id=1'],
    ['GET', '/1/1'],
    ['GET', '/back-cover/1/1'],
    ['GET', '/1/file'],
    ['DELETE', '/1'],
    ['DELETE', '/back-cover/1/1'],
  ] as const) {
    const res = await ctx.app.inject({ method, url: `${url}${path}` });
    expect(res.statusCode, `${method} ${path}`).toBe(401);
  }
});
