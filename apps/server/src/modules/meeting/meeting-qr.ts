import { LRUCache } from 'lru-cache';

/** QR codes as SVG documents, kept per address: a board is read every second per projector. */
const made = new LRUCache<string, string>({ max: 500 });

export async function qrSvg(text: string): Promise<string> {
  const kept = made.get(text);
  if (kept) return kept;
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  made.set(text, svg);
  return svg;
}
