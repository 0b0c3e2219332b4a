import { COVER_KIND_LABELS, type Cover, type CoverKind } from '@kaoping/contracts/cover';
import type { Db } from '../../db/client';
import { fail, isForeignKeyViolation } from '../../lib/errors';
import { assertRoundWritable } from '../rounds/round-scope';
import { getScopedVoteType, getVoteTypeOfCompany } from '../vote-types/vote-types.service';
import { forgetCoverLookups, primeCoverBytes } from './cover-cache';
import { coverMissing, openCoverFile, originalFile, voterFile } from './cover-file';
import { processCover, sha256Hex } from './cover-processing';
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
    display:
      row.displayContentType === 'image/webp' &&
      row.displaySize !== null &&
      row.displayWidth !== null &&
      row.displayHeight !== null
        ? {
            content_type: 'image/webp',
            size: row.displaySize,
            width: row.displayWidth,
            height: row.displayHeight,
          }
        : null,
  };
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
 * match, so a wrong address is refused before megabytes are taken in. An image is also stored as a
 * small WebP for the voters; a PDF that could run something is refused (cover-processing.ts).
 */
export async function uploadCover(
  db: Db,
  target: { companyId: number; voteTypeId: number; kind: CoverKind },
  readFile: () => Promise<UploadedFile>,
) {
  const voteType = await getVoteTypeOfCompany(db, target.companyId, target.voteTypeId);
  // Refused before the file is read; checked again, locked, where it is written.
  await assertRoundWritable(db, voteType.roundId);
  const { fileName, data } = await readFile();
  const { contentType, display } = await processCover(data);
  try {
    const row = await db.transaction(async (tx) => {
      await assertRoundWritable(tx, voteType.roundId);
      return repo.upsertCover(tx, {
        companyId: target.companyId,
        voteTypeId: target.voteTypeId,
        kind: target.kind,
        contentType,
        fileName: cleanFileName(fileName),
        size: data.length,
        sha256: sha256Hex(data),
        data,
        displayContentType: display?.contentType ?? null,
        displaySize: display?.size ?? null,
        displaySha256: display?.sha256 ?? null,
        displayWidth: display?.width ?? null,
        displayHeight: display?.height ?? null,
        displayData: display?.data ?? null,
      });
    });
    forgetCoverLookups();
    // The first phones to open the link get these bytes without reading them back from the database.
    primeCoverBytes(row.sha256, data);
    if (display) primeCoverBytes(display.sha256, display.data);
    return mapCover(row);
  } catch (err) {
    // The vote type was deleted while the file was uploading.
    if (isForeignKeyViolation(err)) throw fail('VOTE_TYPE_NOT_FOUND');
    throw err;
  }
}

/** The cover's metadata, or null when none has been uploaded. */
export async function getCover(db: Db, companyId: number, voteTypeId: number, kind: CoverKind) {
  await getVoteTypeOfCompany(db, companyId, voteTypeId);
  const row = await repo.findCover(db, voteTypeId, kind);
  return row ? mapCover(row) : null;
}

/** The original upload of a cover by id, for the admin page; send it with `sendCoverFile`. */
export function openCoverFileById(db: Db, id: number) {
  return openCoverFile(
    db,
    async () => {
      const row = await repo.findCoverById(db, id);
      return row && originalFile(row);
    },
    'COVER_NOT_FOUND',
  );
}

/**
 * What voters get of a vote type's cover (the WebP of an image, or the PDF), for the public voting
 * pages, which decide whether the vote type may be shown; 404 when none is uploaded.
 */
export function openVoterCoverFile(db: Db, voteTypeId: number, kind: CoverKind) {
  return openCoverFile(
    db,
    async () => {
      const row = await repo.findCover(db, voteTypeId, kind);
      return row && voterFile(row);
    },
    coverMissing(kind),
  );
}

/** The same bytes as `openVoterCoverFile` sends, read whole (tests, tools). */
export async function getCoverFile(db: Db, voteTypeId: number, kind: CoverKind) {
  const { file, data } = await (await openVoterCoverFile(db, voteTypeId, kind)).read();
  return { ...file, data };
}

/**
 * Gives every other vote type of the company the cover (front or back) of this one, replacing theirs,
 * in one transaction; answers how many vote types got it.
 */
export async function applyCoverToAll(db: Db, companyId: number, voteTypeId: number, kind: CoverKind) {
  const voteType = await getVoteTypeOfCompany(db, companyId, voteTypeId);
  return db.transaction(async (tx) => {
    await assertRoundWritable(tx, voteType.roundId);
    if (!(await repo.findCover(tx, voteTypeId, kind))) {
      throw fail('COVER_NOT_UPLOADED_HERE', { kind: COVER_KIND_LABELS[kind] });
    }
    const written = await repo.copyCoverToCompany(tx, companyId, voteTypeId, kind);
    forgetCoverLookups();
    return { count: written.length };
  });
}

/** Deletes by id; with companyId, a cover of another company answers 404 and stays. */
export async function deleteCoverById(db: Db, id: number, companyId?: number) {
  await db.transaction(async (tx) => {
    const row = await repo.findCoverById(tx, id);
    if (!row || (companyId !== undefined && row.companyId !== companyId)) throw fail('COVER_NOT_FOUND');
    await assertRoundWritable(tx, (await getScopedVoteType(tx, row.voteTypeId)).roundId);
    if (!(await repo.deleteCoverById(tx, id))) throw fail('COVER_NOT_FOUND');
  });
  forgetCoverLookups();
}

export async function deleteCover(db: Db, companyId: number, voteTypeId: number, kind: CoverKind) {
  await db.transaction(async (tx) => {
    const voteType = await getVoteTypeOfCompany(tx, companyId, voteTypeId);
    await assertRoundWritable(tx, voteType.roundId);
    if (!(await repo.deleteCover(tx, voteTypeId, kind))) {
      throw fail('COVER_NOT_UPLOADED', { kind: COVER_KIND_LABELS[kind] });
    }
  });
  forgetCoverLookups();
}
