import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { serverPath } from '../src/lib/paths';
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
  project.provide('pgliteImage', await pgliteImage());
  project.provide('templateDatabase', '');
  return async () => {};
}

/**
 * The dump of a freshly migrated PGlite, kept on disk between runs under a name that changes with
 * whatever could change it (the migrations, the code that opens the database, the PGlite version):
 * initdb and the migrations take several seconds, which every run (and every run of one file) would
 * pay again.
 */
async function pgliteImage(): Promise<string> {
  const dir = serverPath('..', '..', 'node_modules', '.cache', 'kaoping-test-db');
  const file = path.join(dir, `migrated-${imageKey()}.tar`);
  if (existsSync(file)) return file;
  // Migrated the way the server migrates (openDatabase), then dumped from its PGlite client.
  const database = await openDatabase({});
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  mkdirSync(dir, { recursive: true });
  // Written aside and renamed: another run may be reading the same name at the same time.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  forgetOldImages(dir, file);
  return file;
}

function imageKey(): string {
  const hash = createHash('sha256');
  const migrations = serverPath('drizzle');
  for (const name of (readdirSync(migrations, { recursive: true }) as string[]).sort()) {
    const full = path.join(migrations, name);
    if (statSync(full).isFile()) hash.update(name).update(readFileSync(full));
  }
  hash.update(readFileSync(serverPath('src', 'db', 'client.ts')));
  // The PGlite release (dist/… → its package.json).
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(readFileSync(path.join(path.dirname(pglite), '..', 'package.json')));
  return hash.digest('hex').slice(0, 16);
}

/** Drops images of other migrations once they are a day old (a run that still reads one is long over). */
function forgetOldImages(dir: string, keep: string) {
  const dayAgo = Date.now() - 86_400_000;
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (full !== keep && statSync(full).mtimeMs < dayAgo) unlinkSync(full);
  }
}
