import { and, asc, count, eq, ilike, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema';

export type CompanyRow = typeof companies.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A page of companies by name; `onlyIds` (an admin's units) limits the list, null lists all. */
export async function listCompanies(
  db: Db,
  q: string | undefined,
  skip: number,
  limit: number,
  onlyIds: readonly number[] | null = null,
) {
  const where = and(
    q ? ilike(companies.name, `%${escapeLike(q)}%`) : undefined,
    onlyIds === null ? undefined : inArray(companies.id, onlyIds.length ? [...onlyIds] : [-1]),
  );
  const [items, [total]] = await Promise.all([
    db.select().from(companies).where(where).orderBy(asc(companies.id)).offset(skip).limit(limit),
    db.select({ n: count() }).from(companies).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function findCompany(db: Db, id: number) {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row;
}

export async function insertCompany(db: Db, name: string) {
  const [row] = await db.insert(companies).values({ name }).returning();
  return row!;
}

export async function updateCompanyName(db: Db, id: number, name: string) {
  const [row] = await db.update(companies).set({ name }).where(eq(companies.id, id)).returning();
  return row;
}

export async function deleteCompany(db: Db, id: number) {
  const [row] = await db.delete(companies).where(eq(companies.id, id)).returning();
  return row;
}
