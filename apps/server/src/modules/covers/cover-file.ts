import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CoverFileRow } from './covers.repository';

/** True when the client's If-None-Match already names this entity tag. */
function matches(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*');
}

/**
 * Sends cover bytes with their sniffed type, nosniff and an ETag (the SHA-256), answering 304 when the
 * client has them. Re-uploading keeps the URL, so admins revalidate every time (no-cache); the public
 * pages may pass a longer policy.
 */
export function sendCoverFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: Pick<CoverFileRow, 'contentType' | 'sha256' | 'fileName' | 'createdAt' | 'data'>,
  cacheControl = 'private, no-cache',
) {
  const etag = `"${file.sha256}"`;
  reply
    .header('ETag', etag)
    .header('Cache-Control', cacheControl)
    .header('Last-Modified', file.createdAt.toUTCString())
    .header('X-Content-Type-Options', 'nosniff');
  if (matches(request.headers['if-none-match'], etag)) return reply.status(304).send();
  const name = encodeURIComponent(file.fileName || 'cover');
  return reply
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', `inline; filename*=UTF-8''${name}`)
    .send(file.data);
}
