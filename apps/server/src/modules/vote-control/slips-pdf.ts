import { formatCode } from '@kaoping/contracts/ballot-codes';
import { A4, fitLine, mm, newA4, pdfBuffer, type Pdf } from '../../lib/pdf/document';
import { FONTS } from '../../lib/pdf/fonts';
import { drawQr } from '../../lib/pdf/qr';

// A4 slips to print and cut: 2 × 5 cards a page, each with the QR of its voting address, the code in
// large type, the unit, the vote type, the vote type's short link in small type under the QR (for a
// voter whose phone cannot scan) and two lines of instructions.

const COLS = 2;
const ROWS = 5;
const PER_PAGE = COLS * ROWS;
const MARGIN_X = mm(7);
const MARGIN_Y = mm(10);
const CARD_W = (A4.width - 2 * MARGIN_X) / COLS;
const CARD_H = (A4.height - 2 * MARGIN_Y) / ROWS;
const QR = 104;

export const SLIP_INSTRUCTIONS = [
  '① 用手机扫描二维码进入投票；也可在浏览器打开上方链接，再输入测评码。',
  '② 每个测评码只能投票一次，投票后即失效；请勿转交他人。',
] as const;

export interface SlipsInput {
  company: string;
  voteType: string;
  /** Codes in the stored form; printed grouped (K7QX-M3PD-9R). */
  codes: string[];
  /** The absolute voting address of one code (the vote type's link, the code in its fragment: #code=). */
  urlOf: (code: string) => string;
  batch?: number;
}

/** Dashed cut lines between the cards of a page. */
function cutLines(doc: Pdf) {
  doc.save().lineWidth(0.5).dash(3, { space: 3 }).strokeColor('#9ca3af');
  for (let c = 0; c <= COLS; c++) {
    const x = MARGIN_X + c * CARD_W;
    doc.moveTo(x, MARGIN_Y).lineTo(x, A4.height - MARGIN_Y);
  }
  for (let r = 0; r <= ROWS; r++) {
    const y = MARGIN_Y + r * CARD_H;
    doc.moveTo(MARGIN_X, y).lineTo(A4.width - MARGIN_X, y);
  }
  doc.stroke().restore();
}

/** The vote type's public link as printed under the QR: the code's address without the code. */
export function slipLink(codeUrl: string): string {
  const url = new URL(codeUrl);
  url.search = '';
  url.hash = '';
  return url.toString();
}

function card(doc: Pdf, input: SlipsInput, code: string, x: number, y: number) {
  const url = input.urlOf(code);
  drawQr(doc, url, x + 6, y + 8, QR);
  const tx = x + QR + 12;
  const tw = CARD_W - QR - 22;
  fitLine(doc, input.company, tx, y + 16, tw, { size: 11, minSize: 7 });
  fitLine(doc, input.voteType, tx, y + 34, tw, { size: 9.5, minSize: 7, color: '#374151' });
  fitLine(doc, '测评码', tx, y + 60, tw, { size: 8, color: '#6b7280' });
  fitLine(doc, formatCode(code), tx, y + 76, tw, { size: 16, minSize: 12, font: FONTS.code });
  // Never cut short: a link with an ellipsis opens nothing, so it shrinks to fit the card's width.
  const link = slipLink(url);
  doc.font('Helvetica');
  let size = 7.5;
  while (size > 4 && doc.fontSize(size).widthOfString(link) > CARD_W - 20) size -= 0.5;
  doc
    .fontSize(size)
    .fillColor('#111827')
    .text(link, x + 10, y + QR + 11, { width: CARD_W - 20, lineBreak: false });
  SLIP_INSTRUCTIONS.forEach((line, i) =>
    fitLine(doc, line, x + 10, y + QR + 24 + i * 12, CARD_W - 20, {
      size: 7.5,
      minSize: 6,
      color: '#374151',
    }),
  );
}

/** The slips of some codes, one card per code; answers the PDF file. */
export async function slipsPdf(input: SlipsInput): Promise<Buffer> {
  const doc = await newA4({ title: `${input.company} ${input.voteType} 测评码`, subject: '测评码纸条' });
  const pages = Math.ceil(input.codes.length / PER_PAGE);
  for (let page = 0; page < pages; page++) {
    doc.addPage();
    const batch = input.batch === undefined ? '' : ` · 第 ${input.batch} 批`;
    fitLine(
      doc,
      `${input.company} · ${input.voteType}${batch} · 测评码纸条（第 ${page + 1} 页，共 ${pages} 页），沿虚线裁开`,
      MARGIN_X,
      mm(4),
      A4.width - 2 * MARGIN_X,
      { size: 7, minSize: 6, color: '#6b7280' },
    );
    cutLines(doc);
    const codes = input.codes.slice(page * PER_PAGE, (page + 1) * PER_PAGE);
    codes.forEach((code, i) => {
      const col = i % COLS;
      const row = Math.floor(i / COLS);
      card(doc, input, code, MARGIN_X + col * CARD_W, MARGIN_Y + row * CARD_H);
    });
  }
  return pdfBuffer(doc);
}
