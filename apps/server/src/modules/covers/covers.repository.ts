import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { covers } from '../../db/schema';

export type CoverFileRow = typeof covers.$inferSelect;
export type CoverRow = Omit<CoverFileRow, 'data'>;
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

export async function findCoverFile(db: Db, voteTypeId: number, kind: string) {
  const [row] = await db.select().from(covers).where(ofKind(voteTypeId, kind));
  return row;
}

export async function findCoverFileById(db: Db, id: number) {
  const [row] = await db.select().from(covers).where(eq(covers.id, id));
  return row;
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
        createdAt: sql`now()`,
      },
    })
    .returning(meta);
  return row!;
}

export async function deleteCoverById(db: Db, id: number) {
  const [row] = await db.delete(covers).where(eq(covers.id, id)).returning({ id: covers.id });
  return row;
}

export async function deleteCover(db: Db, voteTypeId: number, kind: string) {
  const [row] = await db.delete(covers).where(ofKind(voteTypeId, kind)).returning({ id: covers.id });
  return row;
}
