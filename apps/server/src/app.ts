import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import authPlugin from './plugins/auth';
import clientErrors, { slowClientOptions } from './plugins/client-errors';
import compression from './plugins/compression';
import errorHandler from './plugins/error-handler';
import handlersInFlight from './plugins/handlers-in-flight';
import openapi from './plugins/openapi';
import publicGuard from './plugins/public-guard';
import { withRequestRedaction } from './plugins/request-log';
import securityHeaders from './plugins/security-headers';
import { frameworkErrors, guardedValidatorCompiler } from './plugins/request-guard';
import webApp from './plugins/web-app';
import adminRoutes from './modules/admin-routes';
import { configureCoverCache } from './modules/covers/cover-cache';
import publicRoutes from './modules/public-routes';
import { isVoterPath, voterPages } from './modules/public/voter-page';
import { errorBody } from './lib/errors';
import { ephemeralKeys, type Keys } from './lib/keys';
import { startAuditChain } from './modules/audit/audit-setup';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database['db'];
    config: Config;
    keys: Keys;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  jwtSecret: string;
  /** The keys kept outside the database (lib/keys.ts); in-process tests get keys that die with them. */
  keys?: Keys;
  /** The data folder: the audit chain's anchor file is appended to there (none in in-process tests). */
  dataDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Called for every route as it is added (the fuzz tests build their route table from it). */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the whole HTTP application; tests call this with a migrated database and use app.inject. */
export async function buildApp({
  config,
  database,
  jwtSecret,
  keys = ephemeralKeys(config.CRYPTO_SUITE),
  dataDir,
  logger = false,
  onRoute,
}: BuildOptions) {
  const app = Fastify({
    // Request lines hold no voter's secret and no voter's address (plugins/request-log.ts).
    logger: withRequestRedaction(logger),
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For only from the proxies the operator names (TRUST_PROXY); none by default.
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    ajv: { customOptions: { coerceTypes: false } },
    frameworkErrors,
    // Slow and stalled clients: their clocks, and Node's own refusals in Chinese (plugins/client-errors.ts).
    ...slowClientOptions(config.BODY_TIMEOUT_S),
  }).withTypeProvider<ZodTypeProvider>();

  // Every schema-checked part first passes the guard (NUL characters, nesting depth).
  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(guardedValidatorCompiler(validatorCompiler));
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('config', config);
  app.decorate('keys', keys);
  // The audit chain's key and anchors for this database; legacy rows re-chained once (modules/audit).
  await startAuditChain(app, dataDir);
  app.decorate('adminRouteList', [] as { method: string; url: string }[]);
  configureCoverCache(config.COVER_CACHE_MB * 1024 * 1024);

  await app.register(errorHandler);
  await app.register(clientErrors);
  // Before any route: a clean stop waits for every handler, then the database may close.
  await app.register(handlersInFlight);
  await app.register(securityHeaders);
  await app.register(rateLimit, { global: false });
  await app.register(publicGuard, {
    submitLimit: config.PUBLIC_SUBMIT_LIMIT,
    readLimit: config.PUBLIC_READ_LIMIT,
    maxInFlight: config.MAX_IN_FLIGHT,
  });
  await app.register(authPlugin, { secret: jwtSecret, ttlHours: config.TOKEN_TTL_HOURS });
  await app.register(openapi);

  // The web app's files come compressed from the build; compression (for JSON) applies to routes after it.
  const webDist = config.WEB_DIST ? path.resolve(config.WEB_DIST) : undefined;
  const serveWeb = !!webDist && existsSync(path.join(webDist, 'index.html'));
  // The voter build's page (voter.html, with the ballot of a /vote/type/ link written in), when present.
  const voter = serveWeb ? voterPages(webDist, database.db) : null;
  if (serveWeb) await app.register(webApp, { root: webDist });
  await app.register(compression);

  app.get('/api/v1/health', { schema: { hide: true } }, async () => ({
    status: 'ok',
    database: database.kind,
  }));
  await app.register(adminRoutes, { prefix: '/api/v1/admin' });
  await app.register(publicRoutes, { prefix: '/api/v1/public' });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url === '/api' || url.startsWith('/api/');
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (serveWeb && !isApi && isPage) {
      // Client-side routes (/admin/..., /vote/...) load the app; a missing asset stays a 404.
      if (path.extname(url)) return reply.status(404).type('text/plain; charset=utf-8').send('文件不存在');
      reply.header('Cache-Control', 'no-cache');
      if (voter && isVoterPath(url)) return voter.send(request, reply, url);
      return reply.sendFile('index.html');
    }
    return reply.status(404).send(errorBody('ROUTE_NOT_FOUND', { method: request.method, url }));
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
