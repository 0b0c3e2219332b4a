// Cover files as real programs make them: the server decodes images (sharp) and parses PDFs (pdf-lib).
import { createHash } from 'node:crypto';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

export const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A 1 × 1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#b71c1c' } });

export const JPEG = await solid(4, 3).jpeg().toBuffer();
export const WEBP = await solid(4, 3).webp().toBuffer();

/** A PNG of the given size with some detail in it (a plain colour would compress to nothing). */
export async function photoPng(width: number, height: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#b71c1c"/><stop offset="1" stop-color="#1565c0"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#fff" fill-opacity="0.6"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

/** A minimal PDF as older tools write it. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/**
 * A one-page PDF written by pdf-lib, with its objects packed in compressed object streams (so their
 * keys cannot be found by searching the bytes). `script` adds JavaScript where a viewer would run it.
 */
export async function makePdf(script?: 'open-action' | 'page-aa' | 'names' | 'link-annotation') {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawText('Kaoping cover', {
    x: 50,
    y: 780,
    size: 24,
    font: await doc.embedFont(StandardFonts.Helvetica),
  });
  const js = () => doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert(1)') });
  if (script === 'open-action') doc.catalog.set(PDFName.of('OpenAction'), js());
  if (script === 'page-aa') page.node.set(PDFName.of('AA'), doc.context.obj({ O: js() }));
  if (script === 'names') {
    const tree = doc.context.obj({ Names: [PDFString.of('init'), doc.context.register(js())] });
    doc.catalog.set(PDFName.of('Names'), doc.context.obj({ JavaScript: doc.context.register(tree) }));
  }
  if (script === 'link-annotation') {
    const link = doc.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 100, 100], A: js() });
    page.node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(link)]));
  }
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}
