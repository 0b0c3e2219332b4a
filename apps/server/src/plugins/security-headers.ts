import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route sends a file a browser may show by itself (a cover): the page's full security headers. */
    documentHeaders?: boolean;
    /** Set on /api/ routes (not the API docs) when they are added: answers take API_HEADERS. */
    apiAnswer?: boolean;
  }
}

/**
 * Helmet's security headers for documents: the web app's pages, the API docs, files a browser shows by
 * itself. helmet() turns its options into headers once; the @fastify/helmet plugin used before called it
 * again on every request (about 60 µs each, a tenth of the server's time per ballot under load).
 */
const setDocumentHeaders = helmet({
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

/**
 * What an API answer (JSON, or a download) carries instead: the rules that govern a document (what it
 * may load, run or frame, prefetching, the old IE and Flash switches) mean nothing on JSON, which is
 * never rendered (nosniff). A CSP that allows nothing and no framing stays, as OWASP advises for APIs.
 * About 230 bytes instead of 640 on every answer: a ballot's answer is 322 bytes, and a phone on a
 * hall's Wi-Fi, the server and any client parse every header.
 */
const API_HEADERS: readonly (readonly [string, string])[] = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
];

const API_DOCS = '/api/v1/docs';

export default fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    const api = route.url.startsWith('/api/') && !route.url.startsWith(API_DOCS);
    if (api && !route.config?.documentHeaders) route.config = { ...route.config, apiAnswer: true };
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config?.apiAnswer) {
      for (const [name, value] of API_HEADERS) reply.raw.setHeader(name, value);
      done();
      return;
    }
    setDocumentHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
});
