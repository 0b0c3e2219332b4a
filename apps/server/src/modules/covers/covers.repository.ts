import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { covers, voteTypes } from '../../db/schema';

export type CoverFileRow = typeof covers.$inferSelect;
export type CoverRow = Omit<CoverFileRow, 'data' | 'displayData'>;
export type CoverInsert = Omit<typeof covers.$inferInsert, 'id' | 'createdAt'>;

// Metadata reads leave the bytes (up to 10 MB) in the database.
const meta = {
  id: covers.id,
  companyId: covers.companyId,
  voteTypeId: covers.voteTypeId,
  kind: covers.kind,
  contentType: covers.contentType,
  fileName: covers.fileName,
  size: covers.size,
  sha256: covers.sha256,
  displayContentType: covers.displayContentType,
  displaySize: covers.displaySize,
  displaySha256: covers.displaySha256,
  displayWidth: covers.displayWidth,
  displayHeight: covers.displayHeight,
  createdAt: covers.createdAt,
};

const ofKind = (voteTypeId: number, kind: string) =>
  and(eq(covers.voteTypeId, voteTypeId), eq(covers.kind, kind));

export async function findCover(db: Db, voteTypeId: number, kind: string): Promise<CoverRow | undefined> {
  const [row] = await db.select(meta).from(covers).where(ofKind(voteTypeId, kind));
  return row;
}

export async function findCoverById(db: Db, id: number): Promise<CoverRow | undefined> {
  const [row] = await db.select(meta).from(covers).where(eq(covers.id, id));
  return row;
}

/**
 * A link's vote type and its cover of one kind, in one query: `found` is false for an unknown link,
 * `cover` undefined when none is uploaded.
 */
export async function findCoverByLink(db: Db, linkId: string, kind: string) {
  const [row] = await db
    .select({ voteTypeId: voteTypes.id, cover: meta })
    .from(voteTypes)
    .leftJoin(covers, and(eq(covers.voteTypeId, voteTypes.id), eq(covers.kind, kind)))
    .where(eq(voteTypes.linkId, linkId));
  return { found: !!row, cover: row?.cover ?? undefined };
}

/**
 * The bytes of one cover: the original upload, or the copy made for voters. Only while they still are
 * the ones with this hash: a cover replaced in the meantime gives undefined, never other bytes.
 */
export async function readCoverBytes(
  db: Db,
  id: number,
  variant: 'original' | 'display',
  sha256: string,
): Promise<Buffer | undefined> {
  const [row] =
    variant === 'original'
      ? await db
          .select({ data: covers.data })
          .from(covers)
          .where(and(eq(covers.id, id), eq(covers.sha256, sha256)))
      : await db
          .select({ data: covers.displayData })
          .from(covers)
          .where(and(eq(covers.id, id), eq(covers.displaySha256, sha256)));
  return row?.data ?? undefined;
}

/** Inserts or replaces the cover of (vote type, kind) in one statement, so a reader sees old or new, never none. */
export async function upsertCover(db: Db, values: CoverInsert): Promise<CoverRow> {
  const [row] = await db
    .insert(covers)
    .values(values)
    .onConflictDoUpdate({
      target: [covers.voteTypeId, covers.kind],
      set: {
        contentType: values.contentType,
        fileName: values.fileName,
        size: values.size,
        sha256: values.sha256,
        data: values.data,
        displayContentType: values.displayContentType ?? null,
        displaySize: values.displaySize ?? null,
        displaySha256: values.displaySha256 ?? null,
        displayWidth: values.displayWidth ?? null,
        displayHeight: values.displayHeight ?? null,
        displayData: values.displayData ?? null,
        createdAt: sql`now()`,
      },
    })
    .returning(meta);
  return row!;
}

const COPIED = [
  'content_type',
  'file_name',
  'size',
  'sha256',
  'data',
  'display_content_type',
  'display_size',
  'display_sha256',
  'display_width',
  'display_height',
  'display_data',
] as const;

/**
 * Copies the cover of (vote type, kind) to every other vote type of its round, replacing theirs, in
 * one statement inside the database (the bytes never travel). Answers the ids written.
 */
export async function copyCoverToCompany(db: Db, companyId: number, voteTypeId: number, kind: string) {
  const columns = sql.raw(COPIED.map((c) => `"${c}"`).join(', '));
  const fromSource = sql.raw(COPIED.map((c) => `c."${c}"`).join(', '));
  const updates = sql.raw(COPIED.map((c) => `"${c}" = excluded."${c}"`).join(', '));
  const result = await db.execute(sql`
    INSERT INTO covers (company_id, vote_type_id, kind, ${columns})
    SELECT c.company_id, o.id, c.kind, ${fromSource}
    FROM covers c JOIN vote_types s ON s.id = c.vote_type_id
      JOIN vote_types o ON o.round_id = s.round_id AND o.id <> c.vote_type_id
    WHERE c.vote_type_id = ${voteTypeId} AND c.kind = ${kind} AND c.company_id = ${companyId}
    ON CONFLICT (vote_type_id, kind) DO UPDATE SET ${updates}, created_at = now()
    RETURNING id`);
  return (result as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
}

/**
 * Copies every cover of the `from` vote types to their `to` copies (a new round), in one statement inside
 * the database (the bytes never travel).
 */
export async function copyCoversToVoteTypes(db: Db, pairs: { from: number; to: number }[]) {
  if (pairs.length === 0) return 0;
  const columns = sql.raw(COPIED.map((c) => `"${c}"`).join(', '));
  const fromSource = sql.raw(COPIED.map((c) => `c."${c}"`).join(', '));
  const map = sql.join(
    pairs.map((p) => sql`(${p.from}::integer, ${p.to}::integer)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    INSERT INTO covers (company_id, vote_type_id, kind, ${columns})
    SELECT c.company_id, m.to_id, c.kind, ${fromSource}
    FROM covers c JOIN (VALUES ${map}) AS m(from_id, to_id) ON m.from_id = c.vote_type_id
    RETURNING id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

export async function deleteCoverById(db: Db, id: number) {
  const [row] = await db.delete(covers).where(eq(covers.id, id)).returning({ id: covers.id });
  return row;
}

export async function deleteCover(db: Db, voteTypeId: number, kind: string) {
  const [row] = await db.delete(covers).where(ofKind(voteTypeId, kind)).returning({ id: covers.id });
  return row;
}
