import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyJwt from '@fastify/jwt';
import fp from 'fastify-plugin';
import { fail } from '../lib/errors';
import { elevatedUntil, type TokenClaims } from '../modules/auth/auth-token';
import { signedInAdmin } from '../modules/auth/auth.service';
import { touchSession } from '../modules/auth/sessions';
import type { SignedInAdmin } from '../modules/auth/roles';

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
    user: TokenClaims;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: 401 unless a valid bearer token of an existing, enabled account is sent. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** preHandler: 403 unless the token carries a live advanced-mode elevation. */
    requireAdvancedMode(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    issueToken(claims: TokenClaims): string;
  }
  interface FastifyRequest {
    /** The signed-in administrator, read from the database by `authenticate`. */
    admin: SignedInAdmin | null;
  }
}

export default fp(
  async (app: FastifyInstance, opts: { secret: string; ttlHours: number }) => {
    await app.register(fastifyJwt, { secret: opts.secret, sign: { expiresIn: `${opts.ttlHours}h` } });

    app.decorate('issueToken', (claims: TokenClaims) => app.jwt.sign(claims));
    app.decorateRequest('admin', null);

    app.decorate('authenticate', async (request: FastifyRequest) => {
      if (!request.headers.authorization) throw fail('UNAUTHORIZED');
      let claims: TokenClaims;
      try {
        claims = await request.jwtVerify();
      } catch {
        throw fail('SESSION_EXPIRED');
      }
      // A token without an expiry never ends on its own: refused, whoever signed it.
      if (typeof claims.exp !== 'number') throw fail('SESSION_EXPIRED');
      request.admin = await signedInAdmin(app.db, claims);
      // The token's session must be live: not logged out, not idle for SESSION_IDLE_MINUTES (sessions.ts).
      await touchSession(app.db, request.admin.id, claims.sid, app.config.SESSION_IDLE_MINUTES);
    });

    app.decorate('requireAdvancedMode', async (request: FastifyRequest) => {
      if (!elevatedUntil(request.user)) throw fail('ADVANCED_MODE_REQUIRED');
    });
  },
  { name: 'auth' },
);
