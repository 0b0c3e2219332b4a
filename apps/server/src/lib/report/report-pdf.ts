import { fitLine, mm, newA4, pdfBuffer, type Pdf } from '../pdf/document';
import { FONTS } from '../pdf/fonts';
import { cellText, headerLayout, SIGNATURE_LABELS, type ReportDoc, type ReportTable } from './report-model';

// The report as an A4 landscape PDF (tables of a dozen columns need the width). Text is Noto Sans SC,
// embedded as a subset by pdfkit; tables break across pages with their header rows repeated; a flagged
// row has a red background.

const PAGE = { width: 841.89, height: 595.28 };
const M = mm(14);
const WIDTH = PAGE.width - 2 * M;
const BOTTOM = PAGE.height - M - 14;
const ROW_H = 15;
const HEAD_H = 17;
const FLAG_FILL = '#fde2e2';
const HEAD_FILL = '#e8eef7';

interface Cursor {
  doc: Pdf;
  y: number;
  page: number;
  title: string;
}

function newPage(c: Cursor) {
  c.doc.addPage({ size: 'A4', layout: 'landscape', margin: 0 });
  c.page++;
  fitLine(c.doc, c.title, M, mm(6), WIDTH / 2, { size: 7.5, color: '#6b7280' });
  fitLine(c.doc, `第 ${c.page} 页`, M + WIDTH / 2, mm(6), WIDTH / 2, {
    size: 7.5,
    color: '#6b7280',
    align: 'right',
  });
  c.y = M;
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

function cellBox(
  doc: Pdf,
  text: string,
  x: number,
  y: number,
  w: number,
  h: number,
  fill?: string,
  bold = false,
) {
  if (fill) doc.rect(x, y, w, h).fillColor(fill).fill();
  doc.rect(x, y, w, h).lineWidth(0.5).strokeColor('#4b5563').stroke();
  fitLine(doc, text, x + 2, y + (h - 8) / 2 - 1, w - 4, {
    size: 8,
    minSize: 5.5,
    align: 'center',
    color: bold ? '#111827' : '#000000',
  });
}

function drawHeader(c: Cursor, t: ReportTable, xs: number[]) {
  const layout = headerLayout(t.header).flat();
  for (const at of layout) {
    const x = xs[at.col]!;
    const w = xs[at.col + at.colSpan]! - x;
    cellBox(c.doc, at.cell.text, x, c.y + at.row * HEAD_H, w, at.rowSpan * HEAD_H, HEAD_FILL, true);
  }
  c.y += t.header.length * HEAD_H;
}

function table(c: Cursor, t: ReportTable) {
  const total = t.widths.reduce((a, b) => a + b, 0);
  const xs = [M];
  for (const w of t.widths) xs.push(xs[xs.length - 1]! + (w / total) * WIDTH);
  ensure(c, t.header.length * HEAD_H + ROW_H * Math.min(2, Math.max(1, t.rows.length)));
  drawHeader(c, t, xs);
  for (const row of t.rows) {
    if (c.y + ROW_H > BOTTOM) {
      newPage(c);
      drawHeader(c, t, xs);
    }
    row.cells.forEach((value, i) =>
      cellBox(
        c.doc,
        cellText(value),
        xs[i]!,
        c.y,
        xs[i + 1]! - xs[i]!,
        ROW_H,
        row.flagged ? FLAG_FILL : undefined,
        row.bold,
      ),
    );
    c.y += ROW_H;
  }
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
  doc.fontSize(12).fillColor('#374151');
  let y = PAGE.height * 0.62;
  for (const line of d.cover.lines) {
    doc.text(line, M, y, { width: WIDTH, align: 'center' });
    y += 20;
  }
}

/** Draws the report; answers the PDF file. */
export async function reportPdf(d: ReportDoc): Promise<Buffer> {
  const doc = newA4({ title: d.title, subject: '测评报告' });
  const c: Cursor = { doc, y: M, page: 0, title: d.title };
  cover(c, d);
  newPage(c);
  for (const b of d.blocks) {
    if (b.kind === 'heading') {
      ensure(c, 60);
      c.y += b.level === 1 ? 6 : 2;
      paragraph(c, b.text, { size: b.level === 1 ? 15 : 12, gap: 6 });
    } else if (b.kind === 'paragraph') {
      const color = b.tone === 'warning' ? '#b91c1c' : b.tone === 'muted' ? '#4b5563' : '#000000';
      paragraph(c, b.text, { size: 9, color });
    } else if (b.kind === 'table') table(c, b.table);
    else if (b.kind === 'chart') {
      const w = Math.min(WIDTH, b.width);
      const h = (b.height / b.width) * w;
      ensure(c, h + 6);
      doc.image(b.png, M + (WIDTH - w) / 2, c.y, { width: w, height: h });
      c.y += h + 8;
    } else if (b.kind === 'signatures') signatures(c);
    else if (c.y > M) newPage(c);
  }
  return pdfBuffer(doc);
}
