// The printed report looks finished (issue 24): every PDF page says '第 N 页 共 M 页' and, when the
// document has one, the page note (计票未完成); a person's rows continued on a new page print the name
// again ('干部07（续）'); differences keep their sign (+13.89, -2.50). The Word file has the same footer in
// PAGE and NUMPAGES fields, the page note in its header, the sections as Heading1 / Heading2 and a table
// of contents that Word updates on opening. Read back with pdftotext (poppler) and from the .docx XML:
// first the renderers on a made-up document that forces the page breaks, then a real unit's report.
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UnitSummary } from '@kaoping/contracts/summary-tables';
import { signedCell, type ReportDoc, type ReportRow } from '../src/lib/report/report-model';
import { reportDocx } from '../src/lib/report/report-docx';
import { reportPdf } from '../src/lib/report/report-pdf';
import { pdfPages } from './helpers/doc-files';
import { bearer, createAdmin, elevate } from './helpers/factories';
import { castRandomAppraisal, castRandomEvaluation } from './helpers/random-ballots';
import { endVoting, prng, setupAppraisal, setupEvaluation } from './helpers/results-fixtures';
import { createTestContext, type TestContext } from './helpers/test-app';

const flat = (s: string) => s.replace(/\s+/g, '');
const pad = (n: number) => String(n).padStart(2, '0');

/** 18 persons of 9 rows each: the name on the first row only, as the 汇总表 prints them. */
const GROUPS = 18;
const ROWS = 9;
const personRows: ReportRow[] = Array.from({ length: GROUPS }, (_, g) =>
  Array.from({ length: ROWS }, (_, k) => ({
    flagged: g === 3,
    cells: [
      k === 0 ? `干部${pad(g)}` : null,
      `R${pad(g)}-${k}`,
      { num: 10 + k },
      { percent: 33.33 },
      k === ROWS - 1 ? signedCell(g === 0 ? 13.89 : g === 1 ? -2.5 : 0) : null,
    ],
  })),
).flat();

const doc = (pageNote?: string): ReportDoc => ({
  title: '华东能源有限公司 2025年度 测评报告',
  ...(pageNote ? { pageNote } : {}),
  cover: { title: '华东能源有限公司', subtitle: '2025年度 民主测评报告', lines: ['测评批次：2025年度'] },
  blocks: [
    { kind: 'heading', text: '一、民主测评汇总表', level: 1 },
    { kind: 'heading', text: '领导干部（干部测评表）', level: 2 },
    {
      kind: 'table',
      table: {
        header: [
          [{ text: '测评对象' }, { text: '票类' }, { text: '票数' }, { text: '占比' }, { text: '之差' }],
        ],
        widths: [4, 3, 2, 2, 2],
        rows: personRows,
      },
    },
    { kind: 'heading', text: '二、新提拔干部民主评议汇总表', level: 1 },
    { kind: 'paragraph', text: '本单位平均认同率：50.00%' },
    { kind: 'signatures' },
  ],
});

describe('the PDF report’s pages', () => {
  it('numbers every page 第 N 页 共 M 页 with the real count, and shows no page note when there is none', async () => {
    const pages = pdfPages(await reportPdf(doc()));
    expect(pages.length).toBeGreaterThanOrEqual(6);
    pages.forEach((p, i) => expect(flat(p)).toContain(`第${i + 1}页共${pages.length}页`));
    expect(pages.join('')).not.toContain('计票未完成');
  });

  it('prints the page note on every page, the cover included', async () => {
    const pages = pdfPages(await reportPdf(doc('计票未完成')));
    for (const p of pages) expect(p).toContain('计票未完成');
  });

  it('prints a person’s name again, marked 续, on the first row of a page the person’s rows run onto', async () => {
    const pages = pdfPages(await reportPdf(doc()));
    let splits = 0;
    for (const p of pages) {
      const ids = [...p.matchAll(/R(\d\d)-(\d)/g)].map((m) => ({ g: m[1]!, k: Number(m[2]) }));
      if (!ids.length) continue;
      // Every person with rows on this page is named on it.
      for (const g of new Set(ids.map((x) => x.g))) expect(flat(p), `page with R${g}`).toContain(`干部${g}`);
      // A page that starts inside a person's rows starts with the name and （续）.
      if (ids[0]!.k > 0) {
        splits++;
        expect(flat(p)).toContain(`干部${ids[0]!.g}（续）`);
      }
    }
    expect(splits).toBeGreaterThan(0);
    // Only at a page break: the same person is not marked 续 twice on one page, nor where it starts.
    const all = flat(pages.join(''));
    expect(all.match(/（续）/g)).toHaveLength(splits);
  });

  it('keeps the sign of a difference: +13.89 for a rise, -2.50 for a fall, 0.00 for none', async () => {
    const text = flat(pdfPages(await reportPdf(doc())).join(''));
    expect(text).toContain('+13.89');
    expect(text).toContain('-2.50');
    expect(text).not.toContain('+0.00');
    expect(text).not.toContain('-0.00');
  });

  it('stays small: the font is a subset', async () => {
    expect((await reportPdf(doc('计票未完成'))).length).toBeLessThan(400_000);
  });
});

async function docxParts(docx: Buffer) {
  const zip = await JSZip.loadAsync(docx);
  const read = async (re: RegExp) =>
    Promise.all(
      Object.keys(zip.files)
        .filter((n) => re.test(n))
        .map((n) => zip.file(n)!.async('string')),
    );
  return {
    document: (await read(/^word\/document\.xml$/))[0]!,
    footers: await read(/^word\/footer\d*\.xml$/),
    headers: await read(/^word\/header\d*\.xml$/),
    settings: (await read(/^word\/settings\.xml$/))[0]!,
    styles: (await read(/^word\/styles\.xml$/))[0]!,
  };
}
const textOf = (xml: string) => xml.replace(/<[^>]+>/g, '');

describe('the Word report', () => {
  it('has 第 N 页 共 M 页 in the footer of every section, from PAGE and NUMPAGES fields', async () => {
    const { document, footers } = await docxParts(await reportDocx(doc()));
    // Both sections (cover and contents, then the body) refer to a footer.
    expect(document.match(/<w:footerReference [^>]*w:type="default"/g)!.length).toBe(2);
    expect(footers.length).toBeGreaterThan(0);
    for (const f of footers) {
      expect(f).toMatch(/<w:instrText[^>]*>\s*PAGE\s*<\/w:instrText>/);
      expect(f).toMatch(/<w:instrText[^>]*>\s*NUMPAGES\s*<\/w:instrText>/);
      const shown = f.replace(/<w:instrText[^>]*>[^<]*<\/w:instrText>/g, '');
      expect(flat(textOf(shown))).toBe('第页共页');
    }
  });

  it('puts the page note in the header of every page when set, and none without it', async () => {
    const withNote = await docxParts(await reportDocx(doc('计票未完成')));
    expect(withNote.document.match(/<w:headerReference [^>]*w:type="default"/g)!.length).toBe(2);
    for (const h of withNote.headers) {
      expect(textOf(h)).toContain('计票未完成');
      expect(h).toContain('w:val="B91C1C"');
    }
    const without = await docxParts(await reportDocx(doc()));
    for (const h of without.headers) expect(textOf(h)).not.toContain('计票未完成');
  });

  it('marks the sections as Heading1 / Heading2 and starts with a table of contents that Word updates', async () => {
    const { document, settings, styles } = await docxParts(await reportDocx(doc()));
    const styled = (id: string) =>
      [...document.matchAll(new RegExp(`<w:pStyle w:val="${id}"/>.*?</w:p>`, 'g'))].map((m) => textOf(m[0]));
    expect(styled('Heading1')).toEqual(['一、民主测评汇总表', '二、新提拔干部民主评议汇总表']);
    expect(styled('Heading2')).toEqual(['领导干部（干部测评表）']);
    // Word's own heading styles (标题 1 / 标题 2), with their outline levels for the navigation pane, in 宋体.
    for (const [id, level] of [
      ['Heading1', 0],
      ['Heading2', 1],
    ] as const) {
      const style = styles.match(new RegExp(`<w:style [^>]*w:styleId="${id}">.*?</w:style>`))![0];
      expect(style).toMatch(new RegExp(`<w:name w:val="heading ${level + 1}"/>`, 'i'));
      expect(style).toContain(`<w:outlineLvl w:val="${level}"/>`);
      expect(style).toContain('w:eastAsia="宋体"');
    }
    // The TOC field over headings 1-2, before the first heading, and the note that it updates on opening.
    expect(document).toMatch(/<w:instrText[^>]*>\s*TOC [^<]*\\o &quot;1-2&quot;/);
    // Before Word updates it, the table already lists the headings, linked to them.
    const toc = document.match(/<w:sdt>.*?<\/w:sdt>/)![0];
    expect(textOf(toc)).toContain('一、民主测评汇总表');
    expect(textOf(toc)).toContain('领导干部（干部测评表）');
    expect(document.indexOf('TOC ')).toBeLessThan(document.indexOf('<w:pStyle w:val="Heading1"/>'));
    expect(textOf(document)).toContain('目录的页码在 Word 打开文件时更新');
    expect(settings).toMatch(/<w:updateFields( w:val="(true|1)")?\/>/);
  });

  it('writes a difference with its sign', async () => {
    const { document } = await docxParts(await reportDocx(doc()));
    expect(textOf(document)).toContain('+13.89');
    expect(textOf(document)).toContain('-2.50');
  });
});

describe('a real unit’s report', () => {
  let ctx: TestContext;
  let sys: string;
  let companyId: number;
  const get = (url: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/v1/admin${url}`, headers: bearer(sys) });

  beforeAll(async () => {
    ctx = await createTestContext();
    sys = await elevate(ctx.app, await createAdmin(ctx.app));
    // 30 persons of 4 rows each (2 voter groups, 合计, 加权合计): the persons' table runs over pages.
    const a = await setupAppraisal(ctx.app, sys, { persons: 30, weights: [60, 40], expected: 10 });
    const e = await setupEvaluation(ctx.app, sys, { companyId: a.companyId, subjects: 3 });
    companyId = a.companyId;
    const rnd = prng(24);
    for (let i = 0; i < 6; i++) {
      await castRandomAppraisal(ctx, a, a.voteTypes[i % 2]!.id, `voter-a-${i}`, rnd);
      await castRandomEvaluation(ctx, e, e.voteTypes[i % 2]!.id, `voter-e-${i}`, rnd);
    }
    // The report prints the figures of ended votes only (decision 0041).
    await endVoting(ctx, sys, [...a.voteTypes, ...e.voteTypes]);
  }, 180_000);
  afterAll(() => ctx.close());

  it('numbers every PDF page, names a continued person again and keeps the signs of 与单位平均认同率之差', async () => {
    const res = await get(`/companies/${companyId}/report.pdf`);
    expect(res.statusCode).toBe(200);
    const pages = pdfPages(res.rawPayload);
    pages.forEach((p, i) => expect(flat(p)).toContain(`第${i + 1}页共${pages.length}页`));
    // A person continued on a page is named there with （续）, having started on the page before.
    const raw = pdfPages(res.rawPayload, '-raw').map(flat);
    let continued = 0;
    raw.forEach((p, i) => {
      for (const m of p.matchAll(/(干部\d+（副总经理）)（续）/g)) {
        continued++;
        expect(raw[i - 1]).toContain(m[1]);
      }
    });
    expect(continued).toBeGreaterThan(0);
    // The differences from the unit's average approval, signed as the screens show them.
    const s = (await get(`/companies/${companyId}/summary`)).json<UnitSummary>();
    const diffs = s.newly_promoted.subjects.flatMap((x) =>
      x.above_average === null ? [] : [x.above_average],
    );
    expect(diffs.some((d) => d > 0)).toBe(true);
    const text = flat(pages.join(''));
    for (const d of diffs) expect(text).toContain(d > 0 ? `+${d.toFixed(2)}` : d.toFixed(2));
  });

  it('writes the same differences signed in the 新提拔汇总表 sheet (+0.00;-0.00)', async () => {
    const res = await get(`/companies/${companyId}/results/export.xlsx?form_category=democratic_evaluation`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = book.getWorksheet('新提拔汇总表')!;
    const formats = new Set<string>();
    ws.eachRow((row) =>
      row.eachCell((c) => {
        if (typeof c.value === 'number' && c.numFmt?.startsWith('+')) formats.add(c.numFmt);
      }),
    );
    expect([...formats]).toEqual(['+0.00;-0.00;0.00']);
  });

  it('gives Word the sections as headings, the contents and the page-number fields', async () => {
    const res = await get(`/companies/${companyId}/report.docx`);
    const { document, footers } = await docxParts(res.rawPayload);
    const h1 = [...document.matchAll(/<w:pStyle w:val="Heading1"\/>.*?<\/w:p>/g)].map((m) => textOf(m[0]));
    expect(h1.map((t) => t.slice(0, 2))).toEqual(['一、', '二、', '三、', '四、']);
    expect(document).toContain('TOC \\h \\o &quot;1-2&quot;');
    expect(footers.join('')).toMatch(/NUMPAGES/);
  });
});
