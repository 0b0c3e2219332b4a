import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
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
  const voteType = await createVoteType(ctx.app, token, company.id);
  return { c: company.id, v: voteType as { id: number; link_id: string } };
}

function upload(c: number, v: number, data: Buffer, name: string, back = false) {
  const form = multipartFile(data, name, 'application/octet-stream');
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/admin/covers${back ? '/back-cover' : '/'}?company_id=${c}&vote_type_id=${v}`,
    headers: { ...form.headers, ...bearer(token) },
    payload: form.payload,
  });
}
const publicUrl = (link: string, kind = 'front') => `/api/v1/public/polls/vote-type/${link}/cover/${kind}`;

describe('image covers', () => {
  it('shrinks a 6,000 px PNG to a WebP of at most 1,600 px for voters; the admin downloads the original', async () => {
    const { c, v } = await setup();
    const original = await photoPng(6000, 4000);
    const res = await upload(c, v.id, original, '大会说明.png');
    expect(res.statusCode, res.body).toBe(201);
    const meta = res.json();
    expect(meta).toMatchObject({ content_type: 'image/png', size: original.length, sha256: sha(original) });
    expect(meta.display).toEqual({
      content_type: 'image/webp',
      size: expect.any(Number),
      width: 1600,
      height: 1067,
    });

    const voter = await ctx.app.inject({ url: publicUrl(v.link_id) });
    expect(voter.statusCode).toBe(200);
    expect(voter.headers['content-type']).toBe('image/webp');
    expect(voter.headers['content-disposition']).toContain(encodeURIComponent('大会说明.webp'));
    const seen = await sharp(voter.rawPayload).metadata();
    expect(seen).toMatchObject({ format: 'webp', width: 1600, height: 1067 });
    expect(voter.rawPayload.length).toBe(meta.display.size);
    expect(voter.rawPayload.length).toBeLessThan(original.length);

    const view = (await ctx.app.inject({ url: `/api/v1/public/polls/vote-type/${v.link_id}` })).json();
    expect(view.covers.front).toMatchObject({
      content_type: 'image/webp',
      sha256: sha(voter.rawPayload),
      size: voter.rawPayload.length,
      width: 1600,
      height: 1067,
    });

    const admin = await ctx.app.inject({ url: meta.url, headers: bearer(token) });
    expect(admin.headers['content-type']).toBe('image/png');
    expect(admin.rawPayload.equals(original)).toBe(true);
  }, 60_000);

  it('turns a tall photo upright and never enlarges a small one', async () => {
    const { c, v } = await setup();
    // Stored sideways with EXIF orientation 6 ("rotate 90° to view"): 300 × 200 on disk, 200 × 300 seen.
    const sideways = await sharp(await photoPng(300, 200))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await upload(c, v.id, sideways, 'photo.jpg');
    expect(res.json().display).toMatchObject({ width: 200, height: 300 });
    const voter = await ctx.app.inject({ url: publicUrl(v.link_id) });
    expect(await sharp(voter.rawPayload).metadata()).toMatchObject({ width: 200, height: 300 });
  });

  it('refuses an image that claims to be a PNG but cannot be decoded, and keeps the old cover', async () => {
    const { c, v } = await setup();
    const good = await photoPng(40, 30);
    await upload(c, v.id, good, 'a.png');
    const broken = Buffer.concat([good.subarray(0, 60), Buffer.alloc(200, 7)]);
    const res = await upload(c, v.id, broken, 'b.png');
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/图片文件已损坏或无法读取/);
    const meta = await ctx.app.inject({ url: `/api/v1/admin/covers/${c}/${v.id}`, headers: bearer(token) });
    expect(meta.json().sha256).toBe(sha(good));
  });
});

describe('PDF covers', () => {
  it('accepts a clean PDF as it is and gives it to voters unchanged, with its size', async () => {
    const { c, v } = await setup();
    const pdf = await makePdf();
    const res = await upload(c, v.id, pdf, '须知.pdf', true);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ content_type: 'application/pdf', display: null, sha256: sha(pdf) });
    const view = (await ctx.app.inject({ url: `/api/v1/public/polls/vote-type/${v.link_id}` })).json();
    expect(view.covers.back).toMatchObject({
      content_type: 'application/pdf',
      size: pdf.length,
      sha256: sha(pdf),
      width: null,
      height: null,
    });
    const voter = await ctx.app.inject({ url: publicUrl(v.link_id, 'back') });
    expect(voter.headers['content-type']).toBe('application/pdf');
    expect(voter.rawPayload.equals(pdf)).toBe(true);
  });

  for (const where of ['open-action', 'page-aa', 'names', 'link-annotation'] as const) {
    it(`refuses a PDF with JavaScript (${where}), even packed in compressed object streams`, async () => {
      const { c, v } = await setup();
      const pdf = await makePdf(where);
      // The keys are inside compressed object streams: a plain search of the bytes finds nothing.
      expect(pdf.toString('latin1')).not.toContain('JavaScript');
      const res = await upload(c, v.id, pdf, 'evil.pdf');
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toMatch(/含有脚本或自动执行的动作/);
      const meta = await ctx.app.inject({ url: `/api/v1/admin/covers/${c}/${v.id}`, headers: bearer(token) });
      expect(meta.json()).toBeNull();
    });
  }

  it('refuses a PDF that launches a program and one it cannot read whole', async () => {
    const { c, v } = await setup();
    const launch = Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/OpenAction<</S/Launch/F(cmd.exe)>>>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    );
    expect((await upload(c, v.id, launch, 'a.pdf')).json().detail).toMatch(/含有脚本或自动执行的动作/);
    const broken = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Kids[(\n');
    const res = await upload(c, v.id, broken, 'b.pdf');
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/PDF 文件/);
  });
});
