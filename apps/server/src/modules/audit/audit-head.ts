import { count, desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';

/** The audit chain's head: how many rows, the newest row's id and MAC (what anchors and report seals keep). */
export interface AuditHead {
  rowCount: number;
  lastId: number | null;
  lastMac: string | null;
}

/** Reads the head of the audit chain as it stands now. */
export async function auditHead(db: Db): Promise<AuditHead> {
  const [total] = await db.select({ n: count() }).from(auditLog);
  const [last] = await db
    .select({ id: auditLog.id, mac: auditLog.hash })
    .from(auditLog)
    .orderBy(desc(auditLog.id))
    .limit(1);
  return { rowCount: Number(total?.n ?? 0), lastId: last?.id ?? null, lastMac: last?.mac ?? null };
}
