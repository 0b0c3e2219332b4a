import { and, asc, count, desc, eq, gt, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, companies } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import type { Keys } from '../../lib/keys';
import { chainSetup, macAlgOf, microTime, rowMac } from './audit-chain';

export type AuditRow = typeof auditLog.$inferSelect;

export interface AuditEntry {
  userId: number | null;
  username: string;
  role: string | null;
  action: string;
  companyId: number | null;
  objectType: string | null;
  objectId: string | null;
  summary: string;
  detail: Record<string, unknown>;
}

/** The advisory lock that orders the chain: appends, anchors and the one-time re-chaining take it. */
export const CHAIN_LOCK = sql`SELECT pg_advisory_xact_lock(727005)`;

/**
 * Appends one row to the chain: under a lock, reads the last row's MAC and stores this row with the keyed
 * MAC (audit-chain.ts) of that and its own content and time. Runs in the caller's transaction when given
 * one. The key is the one app.ts set for this database (useAuditChain), or `keys` when given.
 */
export async function appendAudit(db: Db, entry: AuditEntry, keys: Keys = chainSetup(db).keys) {
  const alg = macAlgOf(keys.suite);
  await db.transaction(async (tx) => {
    await tx.execute(CHAIN_LOCK);
    const [last] = await tx
      .select({ hash: auditLog.hash })
      .from(auditLog)
      .orderBy(desc(auditLog.id))
      .limit(1);
    const seq = (await tx.execute(
      sql`SELECT nextval(pg_get_serial_sequence('audit_log', 'id'))::text AS id`,
    )) as unknown as {
      rows: { id: string }[];
    };
    const createdAt = new Date();
    const row = {
      ...entry,
      // What jsonb gives back (no Date, no undefined), so that the MAC reads the same when verified.
      detail: JSON.parse(JSON.stringify(entry.detail ?? {})) as Record<string, unknown>,
      id: Number(seq.rows[0]!.id),
      prevHash: last?.hash ?? null,
    };
    const hash = rowMac(keys, alg, row, microTime(createdAt))!;
    await tx.insert(auditLog).values({ ...row, createdAt, hash, macAlg: alg });
  });
}

/**
 * Which of these vote types were ever reopened after they had ended (重新开放, or a deadline moved past
 * the moment it ended it): public results leave them out for good (public-stats.service.ts).
 */
export async function reopenedVoteTypeIds(db: Db, companyId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  // The unit's rows first (audit_log_company_idx): the log of one unit, not the whole chain.
  const rows = await db
    .selectDistinct({ id: auditLog.objectId })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.companyId, companyId),
        eq(auditLog.action, 'vote_type.reopen'),
        inArray(
          auditLog.objectId,
          ids.map((id) => String(id)),
        ),
      ),
    );
  return new Set(rows.map((r) => Number(r.id)));
}

/** Records an action a service audits itself, inside the same transaction as the action. */
export async function recordAudit(db: Db, actor: Actor, action: string, detail: Record<string, unknown>) {
  const ctx = actor.audit;
  const named = typeof detail.company_id === 'number' ? detail.company_id : null;
  await appendAudit(db, {
    userId: actor.userId,
    username: actor.username,
    role: actor.role,
    action,
    companyId: named ?? ctx.companyId,
    objectType: ctx.objectType ?? action.split('.')[0]!,
    objectId: ctx.objectId ?? (detail.id === undefined ? null : String(detail.id)),
    summary: ctx.summary ?? summaryOf(detail),
    detail,
  });
  ctx.recorded = true;
}

/**
 * The machine line of a service's detail ('name: 中层干部；access_mode: codes'): the log reads it in
 * Chinese from the detail when it is read (contracts/audit-labels.ts), so a label changed later reaches
 * every row.
 */
function summaryOf(detail: Record<string, unknown>) {
  return Object.entries(detail)
    .filter(
      ([k, v]) =>
        !k.endsWith('_id') &&
        k !== 'id' &&
        (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'),
    )
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join('；');
}

export interface AuditFilter {
  companyIds: number[] | null;
  companyId?: number;
  userId?: number;
  action?: string;
  from?: Date;
  to?: Date;
}

function whereOf(f: AuditFilter): SQL | undefined {
  return and(
    f.companyIds === null
      ? undefined
      : inArray(auditLog.companyId, f.companyIds.length ? f.companyIds : [-1]),
    f.companyId === undefined ? undefined : eq(auditLog.companyId, f.companyId),
    f.userId === undefined ? undefined : eq(auditLog.userId, f.userId),
    f.action === undefined ? undefined : eq(auditLog.action, f.action),
    f.from === undefined ? undefined : gte(auditLog.createdAt, f.from),
    f.to === undefined ? undefined : lte(auditLog.createdAt, f.to),
  );
}

export async function listAudit(db: Db, f: AuditFilter, page: { skip: number; limit: number }) {
  const where = whereOf(f);
  const items = await db
    .select({ row: auditLog, companyName: companies.name })
    .from(auditLog)
    .leftJoin(companies, eq(companies.id, auditLog.companyId))
    .where(where)
    .orderBy(desc(auditLog.id))
    .offset(page.skip)
    .limit(page.limit);
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  return { items, total: total?.n ?? 0 };
}

/** Rows after `afterId` in id order, for the chain check and the export. */
export async function auditBatch(db: Db, afterId: number, limit: number, f?: AuditFilter) {
  return db
    .select({ row: auditLog, companyName: companies.name })
    .from(auditLog)
    .leftJoin(companies, eq(companies.id, auditLog.companyId))
    .where(and(gt(auditLog.id, afterId), f ? whereOf(f) : undefined))
    .orderBy(asc(auditLog.id))
    .limit(limit);
}

/** The actions and users that occur in the log, for the screen's filters. */
export async function auditFacets(db: Db, companyIds: number[] | null) {
  const where = whereOf({ companyIds });
  const actions = await db
    .selectDistinct({ action: auditLog.action })
    .from(auditLog)
    .where(where)
    .orderBy(auditLog.action);
  const users = await db
    .selectDistinct({ id: auditLog.userId, username: auditLog.username })
    .from(auditLog)
    .where(where)
    .orderBy(auditLog.username);
  return { actions: actions.map((a) => a.action), users };
}
