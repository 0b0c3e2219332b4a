import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { resolveJwtSecret } from './modules/settings/jwt-secret';
import { resolveKeys } from './lib/keys';
import { resolveDataDir, serverPath } from './lib/paths';
import { startSnapshots } from './modules/snapshots/snapshots';

async function main() {
  const config = loadConfig();
  const { path: dataDir, note } = resolveDataDir(config.DATA_DIR);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir });
  const jwtSecret = await resolveJwtSecret(config.JWT_SECRET, database, dataDir);
  const keys = resolveKeys({ configured: config.AUDIT_KEY, dataDir, suite: config.CRYPTO_SUITE });
  const app = await buildApp({
    config: { ...config, WEB_DIST: config.WEB_DIST ?? serverPath('..', 'web', 'dist') },
    database,
    jwtSecret,
    keys,
    dataDir,
    logger: { level: config.LOG_LEVEL },
  });

  // Snapshots of the embedded database while it runs (issue 28): timer, 结束投票, clean stop, backup.
  const snapshots = await startSnapshots({
    config,
    kind: database.kind,
    client: (database.db as unknown as { $client?: unknown }).$client,
    dataDir,
    log: app.log,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, '正在停止服务');
    // Finish requests in flight (ballots included) before the database goes away.
    await app.close();
    // The last snapshot, once no request can change anything.
    await snapshots.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  if (note && !config.DATABASE_URL) app.log.warn(note);
  app.log.info(
    `考评已启动：http://localhost:${config.PORT}（数据库：${database.kind === 'pglite' ? `PGlite ${dataDir}` : 'PostgreSQL'}）`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
