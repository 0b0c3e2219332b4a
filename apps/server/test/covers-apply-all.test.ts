import { beforeEach, expect, it } from 'vitest';
import type { TestContext } from './helpers/test-app';
import { useAdminWorld } from './helpers/ballot-world';
import { makePdf, photoPng, sha } from './helpers/cover-fixtures';
import { bearer, createCompany, createVoteType, multipartFile } from './helpers/factories';

let ctx: TestContext;
let token: string;
const url = '/api/v1/admin/covers';

const w = useAdminWorld();
beforeEach(() => ({ ctx, token } = w));

type VoteType = { id: number; link_id: string };

async function upload(c: number, v: number, data: Buffer, name: string, back = false) {
  const form = multipartFile(data, name, 'application/octet-stream');
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${url}${back ? '/back-cover' : '/'}?company_id=${c}&vote_type_id=${v}`,
    headers: { ...form.headers, ...bearer(token) },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const applyAll = (c: number, v: number, kind: string, auth = true) =>
  ctx.app.inject({
    method: 'POST',
    url: `${url}/apply-to-all?company_id=${c}&vote_type_id=${v}&kind=${kind}`,
    headers: auth ? bearer(token) : {},
  });
const coverOf = async (c: number, v: number, back = false) =>
  (
    await ctx.app.inject({ url: `${url}${back ? '/back-cover' : ''}/${c}/${v}`, headers: bearer(token) })
  ).json();

async function company(name: string, types: number) {
  const co = await createCompany(ctx.app, token, name);
  const vts: VoteType[] = [];
  for (let i = 0; i < types; i++) {
    vts.push((await createVoteType(ctx.app, token, co.id, { name: `${name}类型${i + 1}` })) as VoteType);
  }
  return { c: co.id, vts };
}

it("gives every other vote type of the unit this one's cover, replacing theirs, in one call", async () => {
  const { c, vts } = await company('甲', 4);
  const [a, b, d, e] = vts as [VoteType, VoteType, VoteType, VoteType];
  const other = await company('乙', 1);
  const image = await photoPng(2400, 1200);
  const source = await upload(c, a.id, image, '说明.png');
  await upload(c, b.id, await photoPng(50, 50), 'old.png');
  const otherCover = await upload(other.c, other.vts[0]!.id, await photoPng(60, 60), 'x.png');

  const res = await applyAll(c, a.id, 'front');
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ count: 3 });

  for (const v of [b, d, e]) {
    const cover = await coverOf(c, v.id);
    expect(cover).toMatchObject({
      vote_type_id: v.id,
      company_id: c,
      kind: 'front',
      content_type: 'image/png',
      file_name: '说明.png',
      sha256: sha(image),
      size: image.length,
      display: source.display,
    });
    const bytes = await ctx.app.inject({ url: cover.url, headers: bearer(token) });
    expect(bytes.rawPayload.equals(image)).toBe(true);
    const voter = await ctx.app.inject({ url: `/api/v1/public/polls/vote-type/${v.link_id}/cover/front` });
    expect(voter.headers['content-type']).toBe('image/webp');
    expect(voter.rawPayload.length).toBe(source.display.size);
    // The back covers are another matter.
    expect(await coverOf(c, v.id, true)).toBeNull();
  }
  expect(await coverOf(c, a.id)).toEqual(source);
  expect(await coverOf(other.c, other.vts[0]!.id)).toEqual(otherCover);
});

it('copies a back cover too, and a unit with one vote type gets 0', async () => {
  const { c, vts } = await company('甲', 2);
  const pdf = await makePdf();
  await upload(c, vts[0]!.id, pdf, '致谢.pdf', true);
  expect((await applyAll(c, vts[0]!.id, 'back')).json()).toEqual({ count: 1 });
  expect(await coverOf(c, vts[1]!.id, true)).toMatchObject({
    content_type: 'application/pdf',
    sha256: sha(pdf),
  });
  expect(await coverOf(c, vts[1]!.id)).toBeNull();

  const single = await company('丙', 1);
  await upload(single.c, single.vts[0]!.id, pdf, 'a.pdf');
  expect((await applyAll(single.c, single.vts[0]!.id, 'front')).json()).toEqual({ count: 0 });
});

it('refuses a vote type without that cover, of another unit, or a bad kind, and changes nothing', async () => {
  const { c, vts } = await company('甲', 2);
  const other = await company('乙', 1);
  await upload(other.c, other.vts[0]!.id, await photoPng(20, 20), 'x.png');

  const none = await applyAll(c, vts[0]!.id, 'front');
  expect(none.statusCode).toBe(404);
  expect(none.json()).toEqual({ detail: '该投票类型尚未上传封面', code: 'COVER_NOT_UPLOADED_HERE' });
  const foreign = await applyAll(c, other.vts[0]!.id, 'front');
  expect(foreign.statusCode).toBe(404);
  expect((await applyAll(c, vts[0]!.id, 'side')).statusCode).toBe(400);
  expect((await applyAll(c, vts[0]!.id, 'front', false)).statusCode).toBe(401);
  for (const v of vts) expect(await coverOf(c, v.id)).toBeNull();
});
