/** Characters Windows and macOS refuse in file names. */
const UNSAFE = /[\\/:*?"<>|\s]+/g;

/** `单位名-投票类型名.png`, safe as a file name on every desktop system. */
export function qrFileName(companyName: string | undefined, voteTypeName: string): string {
  const parts = [companyName, voteTypeName]
    .filter((p): p is string => Boolean(p?.trim()))
    .map((p) => p.trim().replace(UNSAFE, '_'));
  return `${parts.join('-') || '投票二维码'}.png`;
}

/**
 * The QR code as a PNG data URL with the caption printed under it, so a stack of printed codes can
 * be told apart at the meeting. Falls back to the bare code where a 2D context is unavailable.
 */
export function qrPngWithCaption(qr: HTMLCanvasElement, caption: string): string {
  const pad = Math.round(qr.width * 0.04);
  const fontSize = Math.max(16, Math.round(qr.width / 18));
  const out = document.createElement('canvas');
  out.width = qr.width;
  out.height = qr.height + fontSize * 2 + pad;
  const ctx = out.getContext('2d');
  if (!ctx) return qr.toDataURL('image/png');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.drawImage(qr, 0, 0);
  ctx.fillStyle = '#000000';
  ctx.font = `${fontSize}px "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(caption, out.width / 2, qr.height + fontSize, out.width - pad * 2);
  return out.toDataURL('image/png');
}

/** Starts a browser download of a data URL. */
export function downloadDataUrl(dataUrl: string, fileName: string) {
  const a = document.createElement('a');
  a.href = dataUrl;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
}
