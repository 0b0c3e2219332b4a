import { fitLine, mm, newA4, pdfBuffer, type Pdf } from '../pdf/document';
import { FONTS } from '../pdf/fonts';
import { blockPng } from './chart-png';
import {
  cellText,
  continuedText,
  headerLayout,
  pageNumberText,
  sealText,
  SIGNATURE_LABELS,
  type ReportDoc,
  type ReportTable,
} from './report-model';

// The report as an A4 landscape PDF (tables of a dozen columns need the width). Text is Noto Sans SC,
// embedded as a subset by pdfkit; tables break across pages with their header rows repeated and the
// person's name printed again ('张三（续）') on the first row of the new page; a flagged row has a red
// background. The pages are kept until the end, then each gets its header (title, the page note in red)
// and its footer '第 N 页 共 M 页' (and the 核验码 at the right). The headings are the PDF's bookmarks.

const PAGE = { width: 841.89, height: 595.28 };
const M = mm(14);
const WIDTH = PAGE.width - 2 * M;
const BOTTOM = PAGE.height - M - 14;
const ROW_H = 15;
const HEAD_H = 17;
const FLAG_FILL = '#fde2e2';
const HEAD_FILL = '#e8eef7';

const NOTE_RED = '#b91c1c';

interface Cursor {
  doc: Pdf;
  y: number;
  /** The bookmark of the last level-1 heading, parent of the level-2 ones. */
  section?: PDFKit.PDFOutline;
}

function newPage(c: Cursor) {
  c.doc.addPage({ size: 'A4', layout: 'landscape', margin: 0 });
  c.y = M;
}

/** The header and footer of every page, written once the number of pages is known. */
function decoratePages(doc: Pdf, d: ReportDoc) {
  const { start, count } = doc.bufferedPageRange();
  const grey = { size: 7.5, color: '#6b7280' };
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    fitLine(doc, d.title, M, mm(6), d.pageNote ? WIDTH / 2 : WIDTH, grey);
    if (d.pageNote) {
      doc.font(FONTS.text).fontSize(10);
      const w = Math.min(WIDTH / 2, doc.widthOfString(d.pageNote) + 12);
      const x = M + WIDTH - w;
      doc.rect(x, 10, w, 20).lineWidth(1).strokeColor(NOTE_RED).stroke();
      fitLine(doc, d.pageNote, x + 6, 13, w - 12, { size: 10, minSize: 7, color: NOTE_RED });
    }
    const footer = pageNumberText(i - start + 1, count);
    fitLine(doc, footer, M, PAGE.height - mm(9), WIDTH, { ...grey, size: 8, align: 'center' });
    // The 核验码 at the right of the footer: 报告核验 tells whether the figures printed are still held.
    if (d.sealCode)
      fitLine(doc, sealText(d.sealCode), M + WIDTH * 0.65, PAGE.height - mm(9), WIDTH * 0.35, {
        ...grey,
        size: 8,
        align: 'right',
      });
  }
}

/** Room for `h` more points on this page, else a new page. */
function ensure(c: Cursor, h: number) {
  if (c.y + h > BOTTOM) newPage(c);
}

function paragraph(c: Cursor, text: string, opts: { size: number; color?: string; gap?: number }) {
  c.doc
    .font(FONTS.text)
    .fontSize(opts.size)
    .fillColor(opts.color ?? '#000000');
  const h = c.doc.heightOfString(text, { width: WIDTH });
  ensure(c, h);
  c.doc.text(text, M, c.y, { width: WIDTH });
  c.y += h + (opts.gap ?? 4);
}

const CELL_SIZE = 7.5;
const PAD = 2;

/** The height a cell's text needs at `width`, wrapped (long names and flag reasons take two lines). */
function textHeight(doc: Pdf, text: string, width: number) {
  return text
    ? doc
        .font(FONTS.text)
        .fontSize(CELL_SIZE)
        .heightOfString(text, { width: width - 2 * PAD })
    : 0;
}

function cellBox(
  doc: Pdf,
  text: string,
  box: { x: number; y: number; w: number; h: number },
  opts: { fill?: string; align?: 'left' | 'center' } = {},
) {
  const { x, y, w, h } = box;
  if (opts.fill) doc.rect(x, y, w, h).fillColor(opts.fill).fill();
  doc.rect(x, y, w, h).lineWidth(0.5).strokeColor('#4b5563').stroke();
  if (!text) return;
  const th = textHeight(doc, text, w);
  doc.fillColor('#000000').text(text, x + PAD, y + Math.max(1, (h - th) / 2), {
    width: w - 2 * PAD,
    height: h,
    align: opts.align ?? 'center',
    lineGap: 0,
  });
}

function drawHeader(c: Cursor, t: ReportTable, xs: number[]) {
  const layout = headerLayout(t.header).flat();
  const h = headerHeight(c.doc, t, xs);
  for (const at of layout) {
    const x = xs[at.col]!;
    const w = xs[at.col + at.colSpan]! - x;
    cellBox(c.doc, at.cell.text, { x, y: c.y + at.row * h, w, h: at.rowSpan * h }, { fill: HEAD_FILL });
  }
  c.y += t.header.length * h;
}

/** One header row's height: enough for the longest single-row cell's wrapped text. */
function headerHeight(doc: Pdf, t: ReportTable, xs: number[]) {
  let need = HEAD_H;
  for (const at of headerLayout(t.header).flat()) {
    const w = xs[at.col + at.colSpan]! - xs[at.col]!;
    need = Math.max(need, (textHeight(doc, at.cell.text, w) + 4) / at.rowSpan);
  }
  return need;
}

function table(c: Cursor, t: ReportTable) {
  const total = t.widths.reduce((a, b) => a + b, 0);
  const xs = [M];
  for (const w of t.widths) xs.push(xs[xs.length - 1]! + (w / total) * WIDTH);
  const headH = t.header.length * headerHeight(c.doc, t, xs);
  ensure(c, headH + ROW_H * Math.min(2, Math.max(1, t.rows.length)));
  drawHeader(c, t, xs);
  const keys = t.keyColumns ?? 1;
  /** The group's name in each key column, from the last row that printed one. */
  const names: string[] = [];
  const heightOf = (texts: string[]) =>
    Math.max(ROW_H, ...texts.map((text, i) => textHeight(c.doc, text, xs[i + 1]! - xs[i]!) + 4));
  t.rows.forEach((row, r) => {
    let texts = row.cells.map(cellText);
    let h = heightOf(texts);
    // A group's first row is not left alone at the foot of a page: room for one more row of it.
    const opensGroup = keys > 0 && row.cells[0] !== null && t.rows[r + 1]?.cells[0] === null;
    if (c.y + h + (opensGroup ? ROW_H : 0) > BOTTOM) {
      newPage(c);
      drawHeader(c, t, xs);
      // A group continued on this page: its name again, so the rows are not anonymous.
      texts = texts.map((text, i) =>
        i < keys && row.cells[i] === null && names[i] ? continuedText(names[i]) : text,
      );
      h = heightOf(texts);
    }
    for (let i = 0; i < keys; i++) if (row.cells[i] !== null) names[i] = cellText(row.cells[i]!);
    texts.forEach((text, i) =>
      cellBox(
        c.doc,
        text,
        { x: xs[i]!, y: c.y, w: xs[i + 1]! - xs[i]!, h },
        { fill: row.flagged ? FLAG_FILL : undefined, align: i === 0 ? 'left' : 'center' },
      ),
    );
    c.y += h;
  });
  c.y += 8;
}

function signatures(c: Cursor) {
  ensure(c, 40);
  c.y += 16;
  const w = WIDTH / SIGNATURE_LABELS.length;
  SIGNATURE_LABELS.forEach((label, i) => {
    const x = M + i * w;
    fitLine(c.doc, label, x, c.y, 50, { size: 11 });
    c.doc
      .moveTo(x + 52, c.y + 14)
      .lineTo(x + w - 24, c.y + 14)
      .lineWidth(0.6)
      .strokeColor('#000000')
      .stroke();
  });
  c.y += 30;
}

function cover(c: Cursor, d: ReportDoc) {
  newPage(c);
  const { doc } = c;
  doc.font(FONTS.text).fillColor('#000000').fontSize(26);
  doc.text(d.cover.title, M, PAGE.height * 0.28, { width: WIDTH, align: 'center' });
  doc.fontSize(16).text(d.cover.subtitle, M, doc.y + 18, { width: WIDTH, align: 'center' });
  if (d.pageNote)
    doc
      .fillColor(NOTE_RED)
      .fontSize(14)
      .text(d.pageNote, M, doc.y + 14, { width: WIDTH, align: 'center' });
  doc.fontSize(12).fillColor('#374151');
  let y = PAGE.height * 0.62;
  for (const line of d.cover.lines) {
    doc.text(line, M, y, { width: WIDTH, align: 'center' });
    y += 20;
  }
}

/** A table document's opening, at the top of its first page: the title centred, then its lines. */
function titleOpening(c: Cursor, d: ReportDoc) {
  newPage(c);
  c.y += 8;
  c.doc.font(FONTS.text).fillColor('#000000').fontSize(18);
  c.doc.text(d.cover.title, M, c.y, { width: WIDTH, align: 'center' });
  c.y = c.doc.y + 4;
  if (d.cover.subtitle) paragraph(c, d.cover.subtitle, { size: 12, gap: 4 });
  for (const line of d.cover.lines) paragraph(c, line, { size: 10, gap: 2 });
  c.y += 6;
}

/** Draws the report; answers the PDF file. */
export async function reportPdf(d: ReportDoc): Promise<Buffer> {
  const doc = await newA4({ title: d.title, subject: '测评报告' }, { bufferPages: true });
  const c: Cursor = { doc, y: M };
  if (d.opening === 'title') titleOpening(c, d);
  else {
    cover(c, d);
    newPage(c);
  }
  for (const b of d.blocks) {
    if (b.kind === 'heading') {
      ensure(c, 60);
      c.y += b.level === 1 ? 6 : 2;
      if (b.level === 1 || !c.section) c.section = doc.outline.addItem(b.text);
      else c.section.addItem(b.text);
      paragraph(c, b.text, { size: b.level === 1 ? 15 : 12, gap: 6 });
    } else if (b.kind === 'paragraph') {
      const color = b.tone === 'warning' ? '#b91c1c' : b.tone === 'muted' ? '#4b5563' : '#000000';
      paragraph(c, b.text, { size: 9, color });
    } else if (b.kind === 'table') table(c, b.table);
    else if (b.kind === 'chart') {
      const w = Math.min(WIDTH, b.width);
      const h = (b.height / b.width) * w;
      ensure(c, h + 6);
      doc.image(blockPng(b), M + (WIDTH - w) / 2, c.y, { width: w, height: h });
      c.y += h + 8;
    } else if (b.kind === 'signatures') signatures(c);
    else if (c.y > M) newPage(c);
  }
  decoratePages(doc, d);
  return pdfBuffer(doc);
}
