import { cjkFont, FONTS } from './fonts';

export type Pdf = PDFKit.PDFDocument;

/** A4 in PDF points (1/72 inch). */
export const A4 = { width: 595.28, height: 841.89 } as const;
/** Millimetres to points. */
export const mm = (n: number) => (n * 72) / 25.4;

/**
 * A new A4 document with the Chinese font registered and selected. Pages are added by the caller
 * (autoFirstPage is off) so that every page gets the same layout code. pdfkit (and fontkit under it)
 * loads on the first document, not when the server starts: few requests print.
 */
export async function newA4(
  info: { title: string; subject?: string },
  opts: { bufferPages?: boolean } = {},
): Promise<Pdf> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    // Kept in memory until the end when the caller numbers pages afterwards (switchToPage).
    bufferPages: opts.bufferPages ?? false,
    margin: 0,
    autoFirstPage: false,
    info: { Title: info.title, Subject: info.subject ?? '', Creator: '考评', Producer: '考评' },
    // Content streams compressed: the slips repeat the same drawing operators on every card.
    compress: true,
  });
  doc.registerFont(FONTS.text, cjkFont());
  return doc;
}

/** Ends the document and answers the whole file (documents here are small: 500 slips are well below 1 MB). */
export function pdfBuffer(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/**
 * Writes one line that fits `width`: the size shrinks down to `minSize`, and a text still too long is
 * cut with an ellipsis. Long unit names must not run into the next slip.
 */
export function fitLine(
  doc: Pdf,
  text: string,
  x: number,
  y: number,
  width: number,
  opts: {
    size: number;
    minSize?: number;
    font?: string;
    color?: string;
    align?: 'left' | 'center' | 'right';
  },
) {
  doc.font(opts.font ?? FONTS.text).fillColor(opts.color ?? '#000000');
  let size = opts.size;
  const min = opts.minSize ?? opts.size;
  while (size > min && doc.fontSize(size).widthOfString(text) > width) size -= 0.5;
  doc.fontSize(size);
  let shown = text;
  if (doc.widthOfString(shown) > width) {
    while (shown.length > 1 && doc.widthOfString(`${shown}…`) > width) shown = shown.slice(0, -1);
    shown = `${shown}…`;
  }
  doc.text(shown, x, y, { width, align: opts.align ?? 'left', lineBreak: false });
}
