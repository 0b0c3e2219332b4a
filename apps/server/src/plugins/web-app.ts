import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/**
 * Security headers that only govern a document (the HTML page, which keeps them): browsers ignore them
 * on scripts and styles, where they cost about 600 bytes on each of the twenty files a phone loads.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * Serves the built web app's files; the not-found handler in app.ts falls back to index.html. The build
 * writes a .br and a .gz copy beside every text file (apps/web/vite-precompress.ts): the client gets
 * the one its Accept-Encoding allows, with `Vary: Accept-Encoding`, without compressing per request.
 */
export default fp(async (app: FastifyInstance, opts: { root: string }) => {
  await app.register(fastifyStatic, {
    root: opts.root,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The compressed copies are chosen by Accept-Encoding, not asked for by name.
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders(res, filePath) {
      // Vite fingerprints everything under assets/, so it may be cached for good; the rest (index.html,
      // the icon) keeps its address across releases and is revalidated on every use.
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      // filePath is the copy sent: app.js.br for app.js.
      if (hashed && /\.(js|css)(\.br|\.gz)?$/.test(filePath)) {
        for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
      }
    },
  });
});
