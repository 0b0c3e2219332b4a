import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { freshPostgres } from './helpers/fresh-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a freshly migrated PGlite data folder (on PGlite). */
    pgliteImage: string;
    /** A freshly migrated database every test file's database is copied from (on PostgreSQL). */
    templateDatabase: string;
  }
}

/**
 * Migrates one database before any test file runs; each file then starts from a copy of it, the same
 * as a freshly migrated database but without initdb and the migrations every time.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = await freshPostgres(adminUrl, { prefix: 'kaoping_tpl' });
    // Migrate and disconnect: a database can be copied only while nobody is connected to it.
    const database = await openDatabase({ url: template.url, poolSize: 2 });
    await database.close();
    project.provide('templateDatabase', template.name);
    project.provide('pgliteImage', '');
    return template.drop;
  }
  // Migrated the way the server migrates (openDatabase), then dumped from its PGlite client.
  const database = await openDatabase({});
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const dir = mkdtempSync(path.join(tmpdir(), 'kaoping-test-image-'));
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteImage', file);
  project.provide('templateDatabase', '');
  return async () => rmSync(dir, { recursive: true, force: true });
}
