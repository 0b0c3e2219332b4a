import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export async function findUserByName(db: Db, username: string) {
  const [row] = await db.select().from(users).where(eq(users.username, username));
  return row;
}

export async function findUserById(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Serialises registrations so two "first" accounts cannot both slip in. */
export async function lockRegistrations(db: Db): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(727002)`);
}

export async function insertUser(db: Db, username: string, passwordHash: string) {
  const [row] = await db.insert(users).values({ username, passwordHash }).returning();
  return row!;
}
