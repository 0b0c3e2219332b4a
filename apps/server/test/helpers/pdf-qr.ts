import { inflateSync } from 'node:zlib';
import QRCode from 'qrcode';

// The QR codes of a PDF made by lib/pdf/qr.ts (drawQr), read back as module matrices: drawQr draws each
// code as integer rectangles one module high (`x y w 1 re`) between a `q … cm` and its fill, so a run of
// such rectangles in a content stream is one code. Compared with the matrix of the text a test expects,
// this tells what a phone's camera would read, without a QR decoder.

/** A module matrix as text: one line per row, '#' dark, '.' light. */
export type QrMatrix = string;

function matrixOf(rects: [number, number, number][]): QrMatrix {
  const n = Math.max(...rects.map(([x, y, w]) => Math.max(x + w, y + 1)));
  const grid = Array.from({ length: n }, () => Array<string>(n).fill('.'));
  for (const [x, y, w] of rects) for (let c = x; c < x + w; c++) grid[y]![c] = '#';
  return grid.map((row) => row.join('')).join('\n');
}

/** Every QR code drawn in the PDF, in drawing order. */
export function qrMatrices(pdf: Buffer): QrMatrix[] {
  const found: QrMatrix[] = [];
  const raw = pdf.toString('latin1');
  const streams = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = streams.exec(raw))) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    let text: string;
    try {
      text = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    let run: [number, number, number][] = [];
    for (const line of text.split('\n')) {
      const rect = /^(\d+) (\d+) (\d+) 1 re$/.exec(line.trim());
      if (rect) run.push([Number(rect[1]), Number(rect[2]), Number(rect[3])]);
      else if (run.length) {
        found.push(matrixOf(run));
        run = [];
      }
    }
    streams.lastIndex = end;
  }
  return found;
}

/** The matrix of `text` as drawQr encodes it. */
export function qrMatrixOf(text: string): QrMatrix {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const rows: string[] = [];
  for (let r = 0; r < n; r++) {
    let row = '';
    for (let c = 0; c < n; c++) row += qr.modules.get(r, c) ? '#' : '.';
    rows.push(row);
  }
  return rows.join('\n');
}
