import { fitLine, mm, type Pdf } from '../../../lib/pdf/document';
import { FONTS } from '../../../lib/pdf/fonts';
import { drawQr } from '../../../lib/pdf/qr';

// The frame every page of a paper ballot shares: the title block on a sheet's first page (unit, vote
// type, a blank for the date, the sheet's code with its QR or a 编号 blank), a running head on the next
// pages, and the footer with the instructions and 第 i 页 共 n 页.

export const MARGIN = mm(12);
export const INK = '#000000';
export const GREY = '#4b5563';
const QR = 54;

/** One printed sheet (a copy): what its frame shows. */
export interface SheetInfo {
  title: string;
  company: string;
  voteType: string;
  /** The poll's instructions under the title. */
  description: string;
  /** The sheet's one-time code (stored form) and its voting address; absent on blank forms. */
  code?: { text: string; url: string };
  /** Link mode: the sheet's printed number (a print run's), keyed by it; absent on blank forms. */
  number?: number;
  /** Footer instructions of the form. */
  howTo: string;
}

export interface Page {
  width: number;
  height: number;
}

/** The code block in the top right corner: the QR and the code in small type, or the 编号 blank. */
function codeBlock(doc: Pdf, page: Page, sheet: SheetInfo) {
  const right = page.width - MARGIN;
  if (sheet.code) {
    drawQr(doc, sheet.code.url, right - QR, MARGIN - 6, QR, 1);
    fitLine(doc, sheet.code.text, right - QR - 110, MARGIN + 6, 104, {
      size: 9,
      font: FONTS.code,
      align: 'left',
    });
    fitLine(doc, '测评码（一票一码）', right - QR - 110, MARGIN + 20, 104, { size: 7, color: GREY });
    return;
  }
  fitLine(doc, sheetNumber(sheet), right - 110, MARGIN + 4, 110, { size: 10 });
}

/** The 编号 the sheet is keyed by: printed by the run, or a blank on a blank form. */
const sheetNumber = (sheet: SheetInfo) =>
  sheet.number === undefined ? '编号 ________' : `编号 ${sheet.number}`;

/** The title block of a sheet's first page; answers where the content starts. */
export function titleBlock(doc: Pdf, page: Page, sheet: SheetInfo) {
  codeBlock(doc, page, sheet);
  const inner = page.width - 2 * MARGIN;
  fitLine(doc, sheet.title, MARGIN + 120, MARGIN + 4, inner - 240, {
    size: 18,
    minSize: 12,
    align: 'center',
  });
  const info = `单位：${sheet.company}\u3000\u3000投票类型：${sheet.voteType}\u3000\u3000日期：______年____月____日`;
  fitLine(doc, info, MARGIN, MARGIN + 38, inner, { size: 10, minSize: 7, align: 'center' });
  let y = MARGIN + 56;
  if (sheet.description) {
    doc.font(FONTS.text).fontSize(8.5).fillColor(GREY);
    doc.text(sheet.description, MARGIN, y, { width: inner, align: 'center' });
    y = doc.y + 4;
  }
  doc
    .moveTo(MARGIN, y)
    .lineTo(page.width - MARGIN, y)
    .lineWidth(0.8)
    .strokeColor(INK)
    .stroke();
  return y + 8;
}

/** The running head of a sheet's later pages; answers where the content starts. */
export function runningHead(doc: Pdf, page: Page, sheet: SheetInfo) {
  const inner = page.width - 2 * MARGIN;
  const code = sheet.code ? `\u3000测评码 ${sheet.code.text}` : `\u3000${sheetNumber(sheet)}`;
  fitLine(
    doc,
    `${sheet.title}（续）\u3000${sheet.company} · ${sheet.voteType}${code}`,
    MARGIN,
    MARGIN,
    inner,
    {
      size: 9,
      minSize: 7,
      color: GREY,
    },
  );
  return MARGIN + 18;
}

/** The page's lowest y for content (the footer lies below it). */
export const contentBottom = (page: Page) => page.height - MARGIN - 22;

/** The footer of one page: instructions on the left, the page number on the right. */
export function footer(doc: Pdf, page: Page, sheet: SheetInfo, index: number, pages: number) {
  const y = page.height - MARGIN - 12;
  const inner = page.width - 2 * MARGIN;
  doc
    .moveTo(MARGIN, y - 4)
    .lineTo(page.width - MARGIN, y - 4)
    .lineWidth(0.4)
    .strokeColor(GREY)
    .stroke();
  fitLine(doc, sheet.howTo, MARGIN, y, inner - 110, { size: 7.5, minSize: 6, color: GREY });
  fitLine(doc, `第 ${index} 页\u3000共 ${pages} 页`, page.width - MARGIN - 100, y, 100, {
    size: 8,
    color: GREY,
    align: 'left',
  });
}

/** A circle to mark (○), centred at x, y. */
export const circle = (doc: Pdf, x: number, y: number, r = 3.8) =>
  doc.circle(x, y, r).lineWidth(0.7).strokeColor(INK).stroke();

/** A box to tick (□), centred at x, y. */
export const box = (doc: Pdf, x: number, y: number, s = 8) =>
  doc
    .rect(x - s / 2, y - s / 2, s, s)
    .lineWidth(0.7)
    .strokeColor(INK)
    .stroke();

/** Text wrapped inside a cell, centred both ways; the size shrinks until it fits. */
export function cellText(
  doc: Pdf,
  text: string,
  x: number,
  y: number,
  w: number,
  h: number,
  opts: { size: number; minSize?: number; align?: 'left' | 'center' } = { size: 8 },
) {
  doc.font(FONTS.text).fillColor(INK);
  let size = opts.size;
  const min = opts.minSize ?? Math.min(5.5, size);
  const fits = () => doc.fontSize(size).heightOfString(text, { width: w - 4 }) <= h - 2;
  while (size > min && !fits()) size -= 0.5;
  doc.fontSize(size);
  const th = Math.min(doc.heightOfString(text, { width: w - 4 }), h - 2);
  doc.text(text, x + 2, y + (h - th) / 2, {
    width: w - 4,
    height: h - 2,
    align: opts.align ?? 'center',
    ellipsis: true,
  });
}
