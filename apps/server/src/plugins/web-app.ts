import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/** Serves the built web app's files; the not-found handler in app.ts falls back to index.html. */
export default fp(async (app: FastifyInstance, opts: { root: string }) => {
  await app.register(fastifyStatic, {
    root: opts.root,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      // Vite fingerprints everything under assets/, so it may be cached for good.
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      }
    },
  });
});
