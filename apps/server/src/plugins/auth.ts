import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyJwt from '@fastify/jwt';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/errors';
import { elevatedUntil, type TokenClaims } from '../modules/auth/auth-token';

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
    user: TokenClaims;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: 401 unless a valid bearer token is sent. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** preHandler: 403 unless the token carries a live advanced-mode elevation. */
    requireAdvancedMode(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    issueToken(claims: TokenClaims): string;
  }
}

export default fp(
  async (app: FastifyInstance, opts: { secret: string; ttlHours: number }) => {
    await app.register(fastifyJwt, { secret: opts.secret, sign: { expiresIn: `${opts.ttlHours}h` } });

    app.decorate('issueToken', (claims: TokenClaims) => app.jwt.sign(claims));

    app.decorate('authenticate', async (request: FastifyRequest) => {
      if (!request.headers.authorization) throw unauthorized('请先登录');
      try {
        await request.jwtVerify();
      } catch {
        throw unauthorized('登录已失效，请重新登录');
      }
    });

    app.decorate('requireAdvancedMode', async (request: FastifyRequest) => {
      if (!elevatedUntil(request.user)) throw forbidden('此操作需要高级模式，请先验证管理员密码');
    });
  },
  { name: 'auth' },
);
