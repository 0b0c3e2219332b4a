import type { FastifyRequest } from 'fastify';

/** Who did a destructive action, as the audit log records it. */
export interface Actor {
  userId: number;
  username: string;
}

/** The signed-in administrator of a request, for the audit log. */
export function actorOf(request: FastifyRequest): Actor {
  return { userId: Number(request.user.sub), username: request.user.username };
}
