import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

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
      res.header(
        'Cache-Control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });
});
