import { auditLabels } from '@kaoping/contracts/audit-labels';
import type { AuditEntry, AuditFilterQuery, AuditListQuery } from '@kaoping/contracts/audit-log';
import type { Db } from '../../db/client';
import { isRole, visibleUnits, type SignedInAdmin } from '../auth/roles';
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
