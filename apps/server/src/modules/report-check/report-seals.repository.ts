import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reportSeals } from '../../db/schema';

export type SealRow = typeof reportSeals.$inferSelect;
export type NewSeal = typeof reportSeals.$inferInsert;

/** Stores a seal; false when its code is taken (the caller makes another). */
export async function insertSeal(db: Db, seal: NewSeal): Promise<boolean> {
  const rows = await db
    .insert(reportSeals)
    .values(seal)
    .onConflictDoNothing()
    .returning({ code: reportSeals.code });
  return rows.length === 1;
}

export async function findSeal(db: Db, code: string): Promise<SealRow | undefined> {
  const [row] = await db.select().from(reportSeals).where(eq(reportSeals.code, code)).limit(1);
  return row;
}
