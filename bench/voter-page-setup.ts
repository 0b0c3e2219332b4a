// The unit the voter page benchmark opens, set up through the admin API as an organiser would: both
// ballot families from the templates, each with and without a 2 MB front cover, and a vote type whose
// cover is a 10 MB PDF for the download test.
import sharp from 'sharp';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { randomBytes } from 'node:crypto';

export interface BenchUnit {
  links: Record<'appraisal' | 'appraisalCover' | 'evaluation' | 'evaluationCover' | 'bigPdf', string>;
  coverBytes: { image: number; pdf: number };
}

async function call<T>(url: string, method: string, token: string | null, body?: unknown): Promise<T> {
  const isForm = body instanceof FormData;
  const res = await fetch(url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * A 2 MB cover as organisers send them: an A4 notice photographed or exported as a JPEG of
 * 2,480 × 3,508 px, with the grain of a photo (so it does not compress to nothing).
 */
export async function twoMegabyteJpeg(): Promise<Buffer> {
  const W = 2480;
  const H = 3508;
  const lines = Array.from(
    { length: 40 },
    (_, i) =>
      `<rect x="200" y="${700 + i * 65}" width="${1600 + ((i * 137) % 480)}" height="26" rx="8" fill="#5d4037" fill-opacity="0.7"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff8f0"/>
    <stop offset="1" stop-color="#f3e0d0"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><rect width="${W}" height="420" fill="#b71c1c"/>${lines}</svg>`;
  const noise = await sharp({
    create: {
      width: W,
      height: H,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 22 },
    },
  })
    .png()
    .toBuffer();
  const base = await sharp(Buffer.from(svg))
    .composite([{ input: noise, blend: 'overlay' }])
    .png()
    .toBuffer();
  // The JPEG quality that lands closest above 2 MB.
  let best = Buffer.alloc(0);
  for (const quality of [80, 84, 88, 90, 92, 94, 96]) {
    best = await sharp(base).jpeg({ quality }).toBuffer();
    if (best.length >= 2 * 1024 * 1024) break;
  }
  return best;
}

/** A clean 10 MB PDF (less a little, under the upload limit): a page and a large embedded stream. */
export async function tenMegabytePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawText('Kaoping bench cover', {
    x: 50,
    y: 780,
    size: 24,
    font: await doc.embedFont(StandardFonts.Helvetica),
  });
  doc.context.register(doc.context.flateStream(randomBytes(10 * 1024 * 1024 - 64 * 1024)));
  return Buffer.from(await doc.save());
}

export async function setUpUnit(url: string): Promise<BenchUnit> {
  const api = `${url}/api/v1/admin`;
  await call(`${api}/auth/register`, 'POST', null, { username: 'bench', password: 'Kaoping-Hall-2026' });
  const form = new FormData();
  form.set('username', 'bench');
  form.set('password', 'Kaoping-Hall-2026');
  const { access_token: token } = await call<{ access_token: string }>(
    `${api}/auth/login`,
    'POST',
    null,
    form,
  );
  const { id: c } = await call<{ id: number }>(`${api}/companies/`, 'POST', token, {
    name: '华东能源有限公司',
  });
  for (const target_type of ['company', 'person', 'cadre', 'newly_promoted']) {
    await call(`${api}/polls/copy-from-template`, 'POST', token, { company_id: c, target_type });
  }
  await call(`${api}/vote-targets/`, 'POST', token, { company_id: c, name: '领导班子', type: 'company' });
  for (const name of ['王建国', '李红梅', '张志强', '刘洋', '陈静', '杨帆', '赵磊', '黄丽']) {
    await call(`${api}/vote-targets/`, 'POST', token, { company_id: c, name, title: '副总经理' });
  }
  for (const name of ['周敏', '吴浩', '郑爽', '孙立', '马骏', '朱琳']) {
    await call(`${api}/evaluation-subjects/`, 'POST', token, {
      company_id: c,
      name,
      birth_date: '1985.06',
      previous_position: '部门副经理',
      current_position: '部门经理',
    });
  }
  const voteType = (name: string, form_category: string) =>
    call<{ id: number; link_id: string }>(`${api}/vote-types/`, 'POST', token, {
      company_id: c,
      name,
      form_category,
    });
  const upload = async (voteTypeId: number, data: Buffer, name: string, type: string) => {
    const body = new FormData();
    body.set('file', new Blob([data], { type }), name);
    await call(`${api}/covers/?company_id=${c}&vote_type_id=${voteTypeId}`, 'POST', token, body);
  };
  const [image, pdf] = [await twoMegabyteJpeg(), await tenMegabytePdf()];
  const appraisal = await voteType('班子成员', 'democratic_appraisal');
  const appraisalCover = await voteType('中层干部', 'democratic_appraisal');
  const evaluation = await voteType('职工代表', 'democratic_evaluation');
  const evaluationCover = await voteType('党员代表', 'democratic_evaluation');
  const bigPdf = await voteType('下载压测', 'democratic_appraisal');
  await upload(appraisalCover.id, image, '投票说明.jpg', 'image/jpeg');
  await upload(evaluationCover.id, image, '投票说明.jpg', 'image/jpeg');
  await upload(bigPdf.id, pdf, '会议材料.pdf', 'application/pdf');
  return {
    links: {
      appraisal: appraisal.link_id,
      appraisalCover: appraisalCover.link_id,
      evaluation: evaluation.link_id,
      evaluationCover: evaluationCover.link_id,
      bigPdf: bigPdf.link_id,
    },
    coverBytes: { image: image.length, pdf: pdf.length },
  };
}
