import type * as Docx from 'docx';
import type { FileChild } from 'docx';
import { blockPng } from './chart-png';
import {
  cellText,
  pageNumberText,
  sealText,
  SIGNATURE_LABELS,
  type ReportDoc,
  type ReportTable,
} from './report-model';

// The same report as a Word document for the department to edit: A4 landscape, 宋体 for Chinese (with
// Noto Sans SC as a fallback name), tables whose header rows repeat on every page, charts as PNG images.
// The report's sections are Word's 标题 1 / 标题 2 (Heading1/Heading2, so the navigation pane lists them),
// a table of contents follows the cover, the footer is '第 N 页 共 M 页' in PAGE and NUMPAGES fields (and the 核验码), and
// the header carries the title and the page note (红字, e.g. 计票未完成) on every page.

// docx loads on the first Word report, not when the server starts: reportDocx sets it before it builds.
let docx: typeof Docx;

const FONT = { ascii: 'Times New Roman', hAnsi: 'Times New Roman', eastAsia: '宋体', cs: '宋体' };
const line = () => ({ style: docx.BorderStyle.SINGLE, size: 4, color: '4B5563' });
const borders = () => ({ top: line(), bottom: line(), left: line(), right: line() });
/** A4 landscape text width in twentieths of a point (297 mm − 2 × 20 mm margins). */
const TEXT_WIDTH = Math.round(((297 - 40) / 25.4) * 1440);

const text = (t: string, opts: { size?: number; bold?: boolean; color?: string } = {}) =>
  new docx.TextRun({
    text: t,
    font: FONT,
    size: (opts.size ?? 10.5) * 2,
    bold: opts.bold,
    color: opts.color,
  });

function cell(
  t: string,
  width: number,
  opts: { head?: boolean; flagged?: boolean; bold?: boolean; colSpan?: number; rowSpan?: number },
) {
  const fill = opts.head ? 'E8EEF7' : opts.flagged ? 'FDE2E2' : undefined;
  return new docx.TableCell({
    children: [
      new docx.Paragraph({
        alignment: docx.AlignmentType.CENTER,
        children: [text(t, { size: 8, bold: opts.head || opts.bold })],
      }),
    ],
    columnSpan: opts.colSpan,
    rowSpan: opts.rowSpan,
    width: { size: width, type: docx.WidthType.DXA },
    verticalAlign: docx.VerticalAlign.CENTER,
    borders: borders(),
    shading: fill ? { type: docx.ShadingType.CLEAR, color: 'auto', fill } : undefined,
    margins: { left: 40, right: 40 },
  });
}

function table(t: ReportTable) {
  const total = t.widths.reduce((a, b) => a + b, 0);
  const cols = t.widths.map((w) => Math.floor((w / total) * TEXT_WIDTH));
  const span = (from: number, n: number) => cols.slice(from, from + n).reduce((a, b) => a + b, 0);
  const header = t.header.map((row) => {
    let col = 0;
    return new docx.TableRow({
      tableHeader: true,
      cantSplit: true,
      children: row.map((h) => {
        const c = cell(h.text, span(col, h.colSpan ?? 1), {
          head: true,
          colSpan: h.colSpan,
          rowSpan: h.rowSpan,
        });
        col += h.colSpan ?? 1;
        return c;
      }),
    });
  });
  const body = t.rows.map(
    (r) =>
      new docx.TableRow({
        cantSplit: true,
        height: { value: 300, rule: docx.HeightRule.ATLEAST },
        children: r.cells.map((v, i) => cell(cellText(v), cols[i]!, { flagged: r.flagged, bold: r.bold })),
      }),
  );
  return new docx.Table({
    rows: [...header, ...body],
    columnWidths: cols,
    width: { size: TEXT_WIDTH, type: docx.WidthType.DXA },
  });
}

function signatures() {
  const blank = (n: number) => '\u3000'.repeat(n);
  return new docx.Paragraph({
    spacing: { before: 480 },
    children: SIGNATURE_LABELS.flatMap((label, i) => [
      text(`${i ? blank(3) : ''}${label}`, { size: 12 }),
      new docx.TextRun({ text: blank(8), underline: {}, font: FONT, size: 24 }),
    ]),
  });
}

const NOTE_RED = 'B91C1C';

/** 标题 1 / 标题 2 in 宋体, black, bold, kept with the next paragraph (Word's default is a blue Calibri Light). */
const heading = (level: 0 | 1, size: number, before: number) => ({
  run: { font: FONT, size: size * 2, bold: true, color: '000000' },
  paragraph: { spacing: { before, after: 120 }, keepNext: true, keepLines: true, outlineLevel: level },
});

/** Every page's header: the title, and the page note in red bold at the right. */
function pageHeader(d: ReportDoc) {
  const children = [text(d.title, { size: 8, color: '6B7280' })];
  if (d.pageNote)
    children.push(
      new docx.TextRun({
        children: [new docx.Tab(), d.pageNote],
        font: FONT,
        size: 22,
        bold: true,
        color: NOTE_RED,
      }),
    );
  return new docx.Header({
    children: [
      new docx.Paragraph({ tabStops: [{ type: docx.TabStopType.RIGHT, position: TEXT_WIDTH }], children }),
    ],
  });
}

/**
 * Every page's footer: 第 N 页 共 M 页 (Word's PAGE and NUMPAGES fields) in the centre and the 核验码 at
 * the right, on tab stops.
 */
function pageFooter(d: ReportDoc) {
  const [before, between, after] = pageNumberText('{N}', '{M}').split(/\{[NM]\}/);
  const children = [
    new docx.TextRun({
      children: [
        new docx.Tab(),
        before!,
        docx.PageNumber.CURRENT,
        between!,
        docx.PageNumber.TOTAL_PAGES,
        after!,
      ],
      font: FONT,
      size: 18,
    }),
  ];
  if (d.sealCode)
    children.push(
      new docx.TextRun({
        children: [new docx.Tab(), sealText(d.sealCode)],
        font: FONT,
        size: 16,
        color: '6B7280',
      }),
    );
  return new docx.Footer({
    children: [
      new docx.Paragraph({
        tabStops: [
          { type: docx.TabStopType.CENTER, position: Math.round(TEXT_WIDTH / 2) },
          { type: docx.TabStopType.RIGHT, position: TEXT_WIDTH },
        ],
        children,
      }),
    ],
  });
}

/** The table of contents page: Word fills in the page numbers when it opens the file (updateFields). */
function contents(): FileChild[] {
  return [
    new docx.Paragraph({ children: [new docx.PageBreak()] }),
    new docx.Paragraph({
      alignment: docx.AlignmentType.CENTER,
      spacing: { after: 120 },
      children: [text('目  录', { size: 16, bold: true })],
    }),
    new docx.Paragraph({
      alignment: docx.AlignmentType.CENTER,
      spacing: { after: 240 },
      children: [
        text(
          '（目录的页码在 Word 打开文件时更新：Word 询问是否更新域时请选“是”；也可右击目录选“更新域”。）',
          {
            size: 9,
            color: '4B5563',
          },
        ),
      ],
    }),
    new docx.TableOfContents('目录', { hyperlink: true, headingStyleRange: '1-2' }),
  ];
}

/** Builds the .docx file of the report. */
export async function reportDocx(d: ReportDoc): Promise<Buffer> {
  docx = await import('docx');
  const body: FileChild[] = [];
  for (const b of d.blocks) {
    if (b.kind === 'heading')
      body.push(
        new docx.Paragraph({
          heading: b.level === 1 ? docx.HeadingLevel.HEADING_1 : docx.HeadingLevel.HEADING_2,
          children: [new docx.TextRun({ text: b.text })],
        }),
      );
    else if (b.kind === 'paragraph') {
      const color = b.tone === 'warning' ? 'B91C1C' : b.tone === 'muted' ? '4B5563' : undefined;
      body.push(
        new docx.Paragraph({
          spacing: { after: 80 },
          children: [text(b.text, { size: 9, color, bold: b.tone === 'warning' })],
        }),
      );
    } else if (b.kind === 'table') {
      body.push(table(b.table), new docx.Paragraph({ children: [] }));
    } else if (b.kind === 'chart') {
      const w = Math.min(640, b.width);
      body.push(
        new docx.Paragraph({
          alignment: docx.AlignmentType.CENTER,
          children: [
            new docx.ImageRun({
              type: 'png',
              data: blockPng(b),
              transformation: { width: w, height: Math.round((b.height / b.width) * w) },
            }),
          ],
        }),
      );
    } else if (b.kind === 'signatures') body.push(signatures());
    else body.push(new docx.Paragraph({ children: [new docx.PageBreak()] }));
  }
  const page = {
    size: { orientation: docx.PageOrientation.LANDSCAPE, width: 11906, height: 16838 },
    margin: { top: 1134, bottom: 1134, left: 1134, right: 1134 },
  };
  const cover = [
    new docx.Paragraph({
      spacing: { before: 2400 },
      alignment: docx.AlignmentType.CENTER,
      children: [text(d.cover.title, { size: 26, bold: true })],
    }),
    new docx.Paragraph({
      spacing: { before: 360, after: 1200 },
      alignment: docx.AlignmentType.CENTER,
      children: [text(d.cover.subtitle, { size: 16 })],
    }),
    ...(d.pageNote
      ? [
          new docx.Paragraph({
            alignment: docx.AlignmentType.CENTER,
            spacing: { after: 480 },
            children: [text(d.pageNote, { size: 14, bold: true, color: NOTE_RED })],
          }),
        ]
      : []),
    ...d.cover.lines.map(
      (l) =>
        new docx.Paragraph({
          alignment: docx.AlignmentType.CENTER,
          spacing: { after: 120 },
          children: [text(l, { size: 12 })],
        }),
    ),
  ];
  const headers = { default: pageHeader(d) };
  const footers = { default: pageFooter(d) };
  // A table document (a 汇总表) has no cover and no contents: its title and lines open the first page.
  const tableDoc = d.opening === 'title';
  const opening = [
    new docx.Paragraph({
      alignment: docx.AlignmentType.CENTER,
      spacing: { after: 160 },
      children: [text(d.cover.title, { size: 18, bold: true })],
    }),
    ...[d.cover.subtitle, ...d.cover.lines]
      .filter(Boolean)
      .map((l) => new docx.Paragraph({ spacing: { after: 60 }, children: [text(l, { size: 10.5 })] })),
  ];
  const doc = new docx.Document({
    creator: '考评',
    title: d.title,
    // The table of contents (and any field) is brought up to date when Word opens the file.
    features: { updateFields: !tableDoc },
    styles: {
      default: {
        document: { run: { font: FONT, size: 21 } },
        heading1: heading(0, 15, 240),
        heading2: heading(1, 12, 180),
      },
    },
    sections: tableDoc
      ? [{ properties: { page }, headers, footers, children: [...opening, ...body] }]
      : [
          { properties: { page }, headers, footers, children: [...cover, ...contents()] },
          { properties: { page }, headers, footers, children: body },
        ],
  });
  return docx.Packer.toBuffer(doc);
}
