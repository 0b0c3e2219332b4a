import { auditLabels } from '@kaoping/contracts/audit-labels';
import type { AuditEntry, AuditFilterQuery, AuditListQuery } from '@kaoping/contracts/audit-log';
import type { Db } from '../../db/client';
import { isRole, visibleUnits, type SignedInAdmin } from '../auth/roles';
import { rowHash } from './audit-chain';
import * as repo from './audit.repository';

type Joined = { row: repo.AuditRow; companyName: string | null };

/** A stored row with its Chinese labels beside the machine codes, rendered now (never rewritten). */
export function mapAuditEntry({ row, companyName }: Joined): AuditEntry {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    user_id: row.userId,
    username: row.username,
    role: isRole(row.role) ? row.role : null,
    action: row.action,
    company_id: row.companyId,
    company_name: companyName,
    object_type: row.objectType,
    object_id: row.objectId,
    summary: row.summary,
    ...auditLabels({
      action: row.action,
      object_type: row.objectType,
      summary: row.summary,
      detail: row.detail,
    }),
  };
}

/** The filter of a query within what the admin may see: its units' rows (every row for all units). */
export function auditFilter(admin: SignedInAdmin, q: AuditFilterQuery): repo.AuditFilter {
  return {
    companyIds: visibleUnits(admin),
    companyId: q.company_id,
    userId: q.user_id,
    action: q.action || undefined,
    from: q.from ? new Date(q.from) : undefined,
    to: q.to ? new Date(q.to) : undefined,
  };
}

export async function listAuditLog(db: Db, admin: SignedInAdmin, q: AuditListQuery) {
  const { items, total } = await repo.listAudit(db, auditFilter(admin, q), q);
  const facets = await repo.auditFacets(db, visibleUnits(admin));
  return { items: items.map(mapAuditEntry), total, ...facets };
}

const BATCH = 1000;

/**
 * Walks the whole log in id order and recomputes every hash: a row changed, removed or inserted in the
 * database breaks the chain at that row. Rows from before the chain (no hash) are counted, not checked.
 */
export async function verifyAuditLog(db: Db) {
  let after = 0;
  let prev: string | null | undefined;
  let checked = 0;
  let legacy = 0;
  for (;;) {
    const rows = await repo.auditBatch(db, after, BATCH);
    for (const { row } of rows) {
      after = row.id;
      if (row.hash === null && prev === undefined) {
        legacy++;
        continue;
      }
      const linked = prev === undefined ? true : row.prevHash === prev;
      if (!linked || row.hash !== rowHash(row)) {
        return {
          intact: false,
          checked,
          legacy,
          first_broken_id: row.id,
          detail: linked
            ? `第 ${row.id} 条记录的内容与其哈希不符，可能被改动`
            : `第 ${row.id} 条记录之前的记录被删除或改动`,
        };
      }
      prev = row.hash;
      checked++;
    }
    if (rows.length < BATCH) break;
  }
  return {
    intact: true,
    checked,
    legacy,
    first_broken_id: null,
    detail: `哈希链完整，已核对 ${checked} 条记录`,
  };
}

/** Every row of the filter in id order, in batches (for the export). */
export async function* auditRows(db: Db, admin: SignedInAdmin, q: AuditFilterQuery) {
  const filter = auditFilter(admin, q);
  let after = 0;
  for (;;) {
    const rows = await repo.auditBatch(db, after, BATCH, filter);
    for (const r of rows) yield mapAuditEntry(r);
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.row.id;
  }
}
