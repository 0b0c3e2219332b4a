import type { Company, CompanyListQuery } from '@kaoping/contracts/company';
import type { Db } from '../../db/client';
import { fail, isUniqueViolation } from '../../lib/errors';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../audit/audit.repository';
import { insertRound } from '../rounds/rounds.repository';
import * as repo from './companies.repository';
import { deleteCompanySubmissions } from '../ballots/company-ballots.repository';

export function mapCompany(row: repo.CompanyRow): Company {
  return { id: row.id, name: row.name, created_at: row.createdAt.toISOString() };
}

const duplicate = (name: string) => fail('COMPANY_NAME_TAKEN', { name });

/** The companies page; `onlyIds` (the admin's units, null for all) hides every other unit. */
export async function listCompanies(
  db: Db,
  query: CompanyListQuery,
  onlyIds: readonly number[] | null = null,
) {
  const { items, total } = await repo.listCompanies(
    db,
    query.q || undefined,
    query.skip,
    query.limit,
    onlyIds,
  );
  return { items: items.map(mapCompany), total };
}

/** The company, or 404; every company-scoped service starts here. */
export async function getCompany(db: Db, id: number) {
  const row = await repo.findCompany(db, id);
  if (!row) throw fail('COMPANY_NOT_FOUND');
  return row;
}

/** This year in Beijing time (UTC+8, no daylight saving). */
export const beijingYear = (now = new Date()) => new Date(now.getTime() + 8 * 3600_000).getUTCFullYear();

/** A new unit starts with its first round, '<当前年>年度', in the same transaction. */
export async function createCompany(db: Db, name: string) {
  try {
    return await db.transaction(async (tx) => {
      const row = await repo.insertCompany(tx, name);
      const year = beijingYear();
      await insertRound(tx, { companyId: row.id, name: `${year}年度`, year });
      return mapCompany(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(name);
    throw err;
  }
}

export async function renameCompany(db: Db, id: number, name: string) {
  try {
    const row = await repo.updateCompanyName(db, id, name);
    if (!row) throw fail('COMPANY_NOT_FOUND');
    return mapCompany(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(name);
    throw err;
  }
}

/** Deletes a company with everything it owns (polls, targets, ballots) and records who did it. */
export async function deleteCompany(db: Db, id: number, actor: Actor) {
  await db.transaction(async (tx) => {
    await deleteCompanySubmissions(tx, id);
    const row = await repo.deleteCompany(tx, id);
    if (!row) throw fail('COMPANY_NOT_FOUND');
    await recordAudit(tx, actor, 'company.delete', { company_id: id, name: row.name });
  });
}
