import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { getCompany } from '../companies/companies.service';
import * as repo from './company-order.repository';

export interface ReorderRequest {
  company_id: number;
  items: { id: number; sort_order: number }[];
}

/**
 * Rewrites sort_order of the listed rows, all or nothing, inside the caller's transaction. Every id must
 * belong to the company; otherwise 404 naming the foreign ids (`label` says what they are) and no change.
 */
export async function reorderWithinCompany(
  tx: Db,
  table: repo.OrderedTable,
  body: ReorderRequest,
  label: string,
): Promise<void> {
  await getCompany(tx, body.company_id);
  const own = new Set(await repo.lockCompanyRowIds(tx, table, body.company_id));
  const foreign = body.items.filter((i) => !own.has(i.id)).map((i) => i.id);
  if (foreign.length) throw notFound(`${label}不存在或不属于该单位：${foreign.join('、')}`);
  await repo.setSortOrders(
    tx,
    table,
    body.company_id,
    body.items.map((i) => ({ id: i.id, sortOrder: i.sort_order })),
  );
}
