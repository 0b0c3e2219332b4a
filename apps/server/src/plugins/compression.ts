import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers below this many bytes are sent as they are: compressing them saves less than a packet. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Compresses JSON (and other text) answers above 1 KB with brotli or gzip, as the client accepts.
 * File downloads are left alone: a route that declares `produces` (the streamed xlsx/csv exports) or
 * sets `compress: false` (covers: images and PDFs are compressed already) is sent as it is, and the
 * web app's files are compressed once at build time (plugins/web-app.ts). Request bodies are not
 * decompressed: clients send plain JSON and files.
 */
export default fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    if (route.compress === undefined && route.schema?.produces) route.compress = false;
  });
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    globalDecompression: false,
  });
});
