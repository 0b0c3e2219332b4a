import { createRequire } from 'node:module';
import type QRCodeLib from 'qrcode';
import type { Pdf } from './document';

// Loaded on the first code drawn (a sheet of slips draws hundreds in one synchronous pass), not when the
// server starts.
const load = createRequire(import.meta.url);
let qrcode: typeof QRCodeLib | undefined;

/**
 * Draws the QR code of `text` as vector squares (one path, horizontal runs merged), `size` points wide
 * including the quiet zone of `margin` modules. Vector modules stay sharp at any print size and cost a
 * few hundred bytes, against kilobytes for an image.
 */
export function drawQr(doc: Pdf, text: string, x: number, y: number, size: number, margin = 2) {
  qrcode ??= load('qrcode') as typeof QRCodeLib;
  const qr = qrcode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cell = size / (n + 2 * margin);
  // Drawn in module units (integers), which keeps every operator short: 500 slips stay a small file.
  doc
    .save()
    .translate(x + margin * cell, y + margin * cell)
    .scale(cell);
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!qr.modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && qr.modules.get(row, col)) col++;
      doc.rect(start, row, col - start, 1);
    }
  }
  doc.fillColor('#000000').fill().restore();
}
