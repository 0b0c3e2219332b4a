import type { FastifyRequest } from 'fastify';
import { emptyAuditContext, type AuditContext } from './audit-context';

/** Who did an audited action, as the audit log records it. */
export interface Actor {
  userId: number;
  username: string;
  role: string | null;
  /** The request's audit context: a service that writes its own audit row marks it recorded. */
  audit: AuditContext;
}

/** The signed-in administrator of a request, for the audit log. */
export function actorOf(request: FastifyRequest): Actor {
  return {
    userId: Number(request.user.sub),
    username: request.user.username,
    role: request.admin?.role ?? null,
    audit: request.audit ?? emptyAuditContext(),
  };
}
