import { Readable } from 'node:stream';
import type { CoverKind } from '@kaoping/contracts/cover';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { type ErrorCode, fail } from '../../lib/errors';
import { cachedCoverBytes } from './cover-cache';
import * as repo from './covers.repository';

/** One file of a cover: the admin's original upload, or the copy made for voters. */
export interface CoverFile {
  id: number;
  variant: 'original' | 'display';
  contentType: string;
  sha256: string;
  size: number;
  fileName: string;
  createdAt: Date;
}

export const originalFile = (row: repo.CoverRow): CoverFile => ({
  id: row.id,
  variant: 'original',
  contentType: row.contentType,
  sha256: row.sha256,
  size: row.size,
  fileName: row.fileName,
  createdAt: row.createdAt,
});

/** What voters get: the WebP made at upload for an image, else (a PDF, an older cover) the file itself. */
export function voterFile(row: repo.CoverRow): CoverFile {
  if (!row.displaySha256 || !row.displayContentType || row.displaySize === null) return originalFile(row);
  const base = row.fileName.replace(/\.[^.]*$/, '') || 'cover';
  return {
    id: row.id,
    variant: 'display',
    contentType: row.displayContentType,
    sha256: row.displaySha256,
    size: row.displaySize,
    fileName: `${base}.webp`,
    createdAt: row.createdAt,
  };
}

/**
 * Finds a cover file with `lookup` (metadata only) and reads its bytes through the in-process cache only
 * when they are to be sent. A cover replaced between the two is looked up once more; its bytes are
 * never sent under the old hash. `missing` is the refusal when there is none (`coverMissing`).
 */
export async function openCoverFile(
  db: Db,
  lookup: () => Promise<CoverFile | undefined>,
  missing: ErrorCode,
) {
  const file = await lookup();
  if (!file) throw fail(missing);
  const bytes = (f: CoverFile) =>
    cachedCoverBytes(f.sha256, () => repo.readCoverBytes(db, f.id, f.variant, f.sha256));
  return {
    file,
    async read(): Promise<{ file: CoverFile; data: Buffer }> {
      const data = await bytes(file);
      if (data) return { file, data };
      const fresh = await lookup();
      const again = fresh && (await bytes(fresh));
      if (!fresh || !again) throw fail(missing);
      return { file: fresh, data: again };
    },
  };
}

/** The 404 of a vote type's missing front or back cover. */
export const coverMissing = (kind: CoverKind): ErrorCode =>
  kind === 'front' ? 'COVER_NOT_FOUND' : 'BACK_COVER_NOT_FOUND';

export type OpenedCoverFile = Awaited<ReturnType<typeof openCoverFile>>;

/** Bytes handed to a socket at a time: hundreds of downloads then take turns with every other request. */
const SLICE = 64 * 1024;

/**
 * The cached bytes as a stream of slices of the same Buffer (views, no copies), written as the client
 * takes them. One 10 MB write per download would let 200 downloads fill the event loop for a while.
 */
function sliced(data: Buffer): Readable {
  let offset = 0;
  return new Readable({
    highWaterMark: SLICE,
    read() {
      if (offset >= data.length) {
        this.push(null);
        return;
      }
      const end = Math.min(offset + SLICE, data.length);
      this.push(data.subarray(offset, end));
      offset = end;
    },
  });
}

/** True when the client's If-None-Match already names this entity tag. */
function matches(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*');
}

const etagOf = (file: CoverFile) => `"${file.sha256}"`;

/**
 * Sends cover bytes with their sniffed type, nosniff and an ETag (the SHA-256), answering 304 without
 * reading the bytes when the client has them. The bytes come from the cache and are streamed from that
 * one Buffer: no copy and no database read per request. Re-uploading keeps the URL, so admins
 * revalidate every time (no-cache); the public pages pass a longer policy.
 */
export async function sendCoverFile(
  request: FastifyRequest,
  reply: FastifyReply,
  opened: OpenedCoverFile,
  cacheControl = 'private, no-cache',
) {
  reply.header('Cache-Control', cacheControl).header('X-Content-Type-Options', 'nosniff');
  if (matches(request.headers['if-none-match'], etagOf(opened.file))) {
    return reply.header('ETag', etagOf(opened.file)).status(304).send();
  }
  const { file, data } = await opened.read();
  const name = encodeURIComponent(file.fileName || 'cover');
  return reply
    .header('ETag', etagOf(file))
    .header('Last-Modified', file.createdAt.toUTCString())
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', `inline; filename*=UTF-8''${name}`)
    .header('Content-Length', data.length)
    .send(data.length > SLICE ? sliced(data) : data);
}
