import { adminFetch, refusal } from './api-client';

/** The file name the server chose: RFC 6266 `filename*` (UTF-8, for Chinese names) before `filename`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]+)"|filename\s*=\s*([^;]+)/.exec(disposition);
  return (plain?.[1] ?? plain?.[2])?.trim() || fallback;
}

/** Reads a response body to the end, reporting the bytes received so far (the export is streamed). */
async function readAll(res: Response, onProgress: (bytes: number) => void): Promise<Blob> {
  const type = res.headers.get('content-type') ?? 'application/octet-stream';
  if (!res.body) return res.blob();
  const reader = res.body.getReader();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value as Uint8Array<ArrayBuffer>);
    bytes += value.byteLength;
    onProgress(bytes);
  }
  return new Blob(parts, { type });
}

/** Hands a blob to the browser as a download named `name`. */
function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked later: some browsers read the blob only after click() has returned.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Downloads an admin file (exports, code slips, posters) with the bearer token (a plain link cannot
 * carry it) and saves it under the server's file name. Throws ApiError with the server's detail and code
 * when the file is refused.
 */
export async function downloadAdminFile(
  path: string,
  query: Record<string, string | number | undefined>,
  fallbackName: string,
  onProgress: (bytes: number) => void = () => {},
): Promise<string> {
  // The server builds the workbook or the PDF before it answers: allow far more than the usual 10 s.
  const res = await adminFetch(path, { query, timeoutMs: 180_000 });
  if (!res.ok) {
    throw refusal(res, await res.json().catch(() => undefined));
  }
  const name = fileNameOf(res.headers.get('content-disposition'), fallbackName);
  saveBlob(await readAll(res, onProgress), name);
  return name;
}

/** 1.2 MB, 350 KB: how much of a streamed file has arrived. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
