import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';

/** Content-Disposition with an ASCII fallback and the real (Chinese) name as RFC 5987 filename*. */
export function attachment(name: string) {
  const ext = name.slice(name.lastIndexOf('.'));
  return `attachment; filename="kaoping-export${ext}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** A file for one administrator: its type, its (Chinese) name, and kept by no cache on the way. */
export function sendDownload(reply: FastifyReply, type: string, name: string, body: unknown) {
  return reply
    .type(type)
    .header('content-disposition', attachment(name))
    .header('cache-control', 'no-store')
    .send(body);
}

/**
 * A stream the file is written into while it is sent. A failure midway is logged with `failure`: the
 * headers are gone by then, so the only honest signal left to the client is a broken download.
 */
export function streamedFile(
  log: FastifyBaseLogger,
  failure: string,
  write: (out: PassThrough) => Promise<unknown>,
) {
  const out = new PassThrough();
  write(out).catch((err: unknown) => {
    log.error({ err }, failure);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}
