import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { COVER_CONTENT_TYPES, COVER_KIND_LABELS, type Cover, type CoverKind } from '@kaoping/contracts/cover';
import type { Db } from '../../db/client';
import { AppError, invalid, isForeignKeyViolation, notFound } from '../../lib/errors';
import { getVoteTypeOfCompany } from '../vote-types/vote-types.service';
import * as repo from './covers.repository';

/** Where an admin fetches the bytes (with the bearer token). */
export const coverFileUrl = (id: number) => `/api/v1/admin/covers/${id}/file`;

export function mapCover(row: repo.CoverRow): Cover {
  return {
    id: row.id,
    company_id: row.companyId,
    vote_type_id: row.voteTypeId,
    kind: row.kind as CoverKind,
    content_type: row.contentType as Cover['content_type'],
    file_name: row.fileName,
    size: row.size,
    sha256: row.sha256,
    created_at: row.createdAt.toISOString(),
    url: coverFileUrl(row.id),
  };
}

/** The real format of the bytes, or 415: a renamed .exe stays an .exe whatever its name says. */
async function sniff(data: Buffer) {
  if (data.length === 0) throw invalid('文件为空，请重新选择');
  const found = await fileTypeFromBuffer(data);
  const mime = (COVER_CONTENT_TYPES as readonly string[]).find((t) => t === found?.mime);
  if (!mime) {
    throw new AppError('UNSUPPORTED_MEDIA', '文件格式不支持：只能上传 PNG、JPEG、WebP 图片或 PDF 文件');
  }
  return mime;
}

/** Keeps a display name only: no path, no control characters, bounded length. */
function cleanFileName(name: string | undefined) {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200);
}

export interface UploadedFile {
  fileName?: string;
  data: Buffer;
}

/**
 * Stores (or replaces) a cover. The file is read only after the company and vote type are known to
 * match, so a wrong address is refused before megabytes are taken in.
 */
export async function uploadCover(
  db: Db,
  target: { companyId: number; voteTypeId: number; kind: CoverKind },
  readFile: () => Promise<UploadedFile>,
) {
  await getVoteTypeOfCompany(db, target.companyId, target.voteTypeId);
  const { fileName, data } = await readFile();
  const contentType = await sniff(data);
  try {
    const row = await repo.upsertCover(db, {
      companyId: target.companyId,
      voteTypeId: target.voteTypeId,
      kind: target.kind,
      contentType,
      fileName: cleanFileName(fileName),
      size: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
      data,
    });
    return mapCover(row);
  } catch (err) {
    // The vote type was deleted while the file was uploading.
    if (isForeignKeyViolation(err)) throw notFound('投票类型不存在');
    throw err;
  }
}

/** The cover's metadata, or null when none has been uploaded. */
export async function getCover(db: Db, companyId: number, voteTypeId: number, kind: CoverKind) {
  await getVoteTypeOfCompany(db, companyId, voteTypeId);
  const row = await repo.findCover(db, voteTypeId, kind);
  return row ? mapCover(row) : null;
}

/** Bytes and headers' inputs of a cover by id, for the admin page. */
export async function getCoverFileById(db: Db, id: number) {
  const row = await repo.findCoverFileById(db, id);
  if (!row) throw notFound('封面不存在');
  return row;
}

/**
 * The cover file of a vote type, for the public voting pages (which decide whether the vote type
 * may be shown); 404 when none is uploaded. Send it with `sendCoverFile`.
 */
export async function getCoverFile(db: Db, voteTypeId: number, kind: CoverKind) {
  const row = await repo.findCoverFile(db, voteTypeId, kind);
  if (!row) throw notFound(`${COVER_KIND_LABELS[kind]}不存在`);
  return row;
}

/** Deletes by id; with companyId, a cover of another company answers 404 and stays. */
export async function deleteCoverById(db: Db, id: number, companyId?: number) {
  const row = await repo.findCoverById(db, id);
  if (!row || (companyId !== undefined && row.companyId !== companyId)) throw notFound('封面不存在');
  if (!(await repo.deleteCoverById(db, id))) throw notFound('封面不存在');
}

export async function deleteCover(db: Db, companyId: number, voteTypeId: number, kind: CoverKind) {
  await getVoteTypeOfCompany(db, companyId, voteTypeId);
  if (!(await repo.deleteCover(db, voteTypeId, kind))) throw notFound(`尚未上传${COVER_KIND_LABELS[kind]}`);
}
