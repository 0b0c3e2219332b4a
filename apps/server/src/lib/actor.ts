import type { FastifyRequest } from 'fastify';
import type { Actor } from '../modules/audit/audit.repository';

/** The signed-in administrator of a request, for the audit log. */
export function actorOf(request: FastifyRequest): Actor {
  return { userId: Number(request.user.sub), username: request.user.username };
}
