import type { FastifyRequest } from 'fastify';

/**
 * True while the signed-in admin's token carries a live advanced-mode elevation. Used where a delete is
 * harmless on an unused row but destroys ballots on a used one, so the route cannot demand it up front.
 */
export function isElevated(request: FastifyRequest): boolean {
  return (request.user?.elevated_until ?? 0) * 1000 > Date.now();
}
