import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../../db/client';
import { keepFirstSetting } from './settings.repository';

/**
 * The configured JWT_SECRET, else one generated once: in DATA_DIR for the embedded database, in the
 * database itself on PostgreSQL so that every instance behind a load balancer signs with the same key.
 */
export async function resolveJwtSecret(configured: string | undefined, database: Database, dataDir: string) {
  if (configured) return configured;
  if (database.kind === 'postgres') {
    return keepFirstSetting(database.db, 'jwt_secret', randomBytes(48).toString('base64url'));
  }
  const file = path.resolve(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
