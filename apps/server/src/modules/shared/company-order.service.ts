import type { Db } from '../../db/client';
import { fail } from '../../lib/errors';
import { getCompany } from '../companies/companies.service';
import { writableCurrentRound } from '../rounds/round-scope';
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
  const round = await writableCurrentRound(tx, body.company_id);
  const rows = await repo.lockCompanyRowIds(tx, table, body.company_id, round.id);
  const roundOf = new Map(rows.map((r) => [r.id, r.roundId]));
  const foreign = body.items.filter((i) => !roundOf.has(i.id)).map((i) => i.id);
  if (foreign.length) throw fail('ORDER_FOREIGN_ROWS', { label, ids: foreign.join('、') });
  // Rows of an archived round of the unit: archives never change.
  if (body.items.some((i) => roundOf.get(i.id) !== round.id)) throw fail('ROUND_READ_ONLY');
  await repo.setSortOrders(
    tx,
    table,
    round.id,
    body.items.map((i) => ({ id: i.id, sortOrder: i.sort_order })),
  );
}
