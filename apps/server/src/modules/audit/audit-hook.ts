import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
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
 * onSend for every admin route: a successful write (a route with an audit action) leaves one audit row,
 * unless its service wrote one inside its own transaction. Written before the answer leaves.
 */
export async function auditWrite(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  action: string | undefined,
) {
  const ctx = request.audit;
  if (!action || ctx.recorded) return;
  if (reply.statusCode >= 300 || !request.admin) return;
  const answer = parseAnswer(payload);
  const id = (answer as { id?: unknown } | null)?.id;
  await appendAudit(db, {
    userId: request.admin.id,
    username: request.admin.username,
    role: request.admin.role,
    action,
    companyId: ctx.companyId ?? (action.startsWith('company.') && typeof id === 'number' ? id : null),
    objectType: ctx.objectType ?? action.split('.')[0]!,
    objectId: ctx.objectId ?? (typeof id === 'number' || typeof id === 'string' ? String(id) : null),
    summary: ctx.summary ?? summarise(action, request, reply.statusCode, ctx, answer),
    detail: {},
  });
  ctx.recorded = true;
}
