import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { RequestTransaction } from '../../lib/request-transaction';
import { appendAudit } from './audit.repository';
import { summarise } from './audit-summary';

function parseAnswer(payload: unknown) {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return null;
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return null;
  }
}

/**
 * onSend for every admin route. A write (a route with an audit action) ran its handler in one transaction
 * (`transaction`, lib/request-transaction.ts): a successful answer appends its audit row as the
 * transaction's last statement and commits, unless a service already wrote the row inside it
 * (`recorded`); any other answer rolls it back and leaves no row. The answer leaves only after this:
 * when the append or the commit fails, nothing of the write is kept and the client gets a 500.
 */
export async function auditWrite(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  action: string | undefined,
  transaction?: RequestTransaction<Db>,
) {
  const ctx = request.audit;
  if (!action || reply.statusCode >= 300 || !request.admin) {
    await transaction?.rollback();
    return;
  }
  const admin = request.admin;
  const last = async (tx: Db) => {
    if (ctx.recorded) return;
    const answer = parseAnswer(payload);
    const id = (answer as { id?: unknown } | null)?.id;
    await appendAudit(tx, {
      userId: admin.id,
      username: admin.username,
      role: admin.role,
      action,
      companyId: ctx.companyId ?? (action.startsWith('company.') && typeof id === 'number' ? id : null),
      objectType: ctx.objectType ?? action.split('.')[0]!,
      objectId: ctx.objectId ?? (typeof id === 'number' || typeof id === 'string' ? String(id) : null),
      summary: ctx.summary ?? summarise(action, request, reply.statusCode, ctx, answer),
      detail: {},
    });
    ctx.recorded = true;
  };
  if (!transaction) await last(db);
  else if (transaction.state === 'open') await transaction.commit(last);
  // Committed already (commitNow, after a service wrote its own row): nothing is left to add. Rolled
  // back (the client went away before the answer): no row either.
  else if (transaction.committed) await last(db);
}
