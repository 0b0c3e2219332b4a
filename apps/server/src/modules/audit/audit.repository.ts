import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import type { Actor } from '../../lib/actor';

/** Records who did a destructive action; call it inside the same transaction as the action. */
export async function recordAudit(db: Db, actor: Actor, action: string, detail: Record<string, unknown>) {
  await db.insert(auditLog).values({ userId: actor.userId, username: actor.username, action, detail });
}
