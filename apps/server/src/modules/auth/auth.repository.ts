import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, userUnits } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

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

/** The account with its assigned unit ids, in one query (run on every signed-in request). */
export async function findUserWithUnits(db: Db, id: number) {
  const [row] = await db
    .select({
      user: users,
      unitIds: sql<
        number[]
      >`coalesce((SELECT array_agg(${userUnits.companyId} ORDER BY ${userUnits.companyId})
        FROM ${userUnits} WHERE ${userUnits.userId} = ${users.id}), '{}')`,
    })
    .from(users)
    .where(eq(users.id, id));
  return row && { ...row.user, unitIds: (row.unitIds ?? []).map(Number) };
}

/** Serialises registrations so two "first" accounts cannot both slip in. */
export async function lockRegistrations(db: Db): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(727002)`);
}

export async function insertUser(
  db: Db,
  values: Pick<
    typeof users.$inferInsert,
    'username' | 'passwordHash' | 'role' | 'allUnits' | 'mustChangePassword'
  >,
) {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function listUsers(db: Db) {
  const rows = await db.select().from(users).orderBy(asc(users.id));
  const links = await db.select().from(userUnits);
  return rows.map((u) => ({
    ...u,
    unitIds: links.filter((l) => l.userId === u.id).map((l) => l.companyId),
  }));
}

export async function updateUser(
  db: Db,
  id: number,
  values: Partial<Pick<UserRow, 'role' | 'allUnits' | 'disabled' | 'mustChangePassword' | 'passwordHash'>>,
  endTokens = false,
) {
  const [row] = await db
    .update(users)
    .set({ ...values, ...(endTokens ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}) })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function setUserUnits(db: Db, userId: number, companyIds: readonly number[]) {
  await db.delete(userUnits).where(eq(userUnits.userId, userId));
  if (companyIds.length)
    await db.insert(userUnits).values(companyIds.map((companyId) => ({ userId, companyId })));
}

export async function deleteUser(db: Db, id: number) {
  const [row] = await db.delete(users).where(eq(users.id, id)).returning();
  return row;
}

/** Active system admins other than `exceptId`: the last one may not be demoted, disabled or deleted. */
export async function countOtherActiveSystemAdmins(db: Db, exceptId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'system_admin'), eq(users.disabled, false), ne(users.id, exceptId)));
  return row?.n ?? 0;
}

/** Locks the system admins' rows, so two demotions at once cannot both pass the last-admin check. */
export async function lockSystemAdmins(db: Db) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(727004)`);
}

export async function usersByIds(db: Db, ids: readonly number[]) {
  if (!ids.length) return [];
  return db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ids));
}
