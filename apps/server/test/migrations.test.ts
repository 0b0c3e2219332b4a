import { readFileSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { freshPostgres } from './helpers/fresh-postgres';

// Several instances starting at once against one fresh PostgreSQL database must all come up.
const adminUrl = process.env.TEST_DATABASE_URL;
const journal = JSON.parse(
  readFileSync(new URL('../drizzle/meta/_journal.json', import.meta.url), 'utf8'),
) as {
  entries: unknown[];
};

describe.skipIf(!adminUrl)('migrations on PostgreSQL', () => {
  it('run once when several instances start together', async () => {
    const fresh = await freshPostgres(adminUrl!, { prefix: 'kaoping_mig' });
    const url = fresh.url;
    try {
      const instances = await Promise.all(
        Array.from({ length: 4 }, () => openDatabase({ url, poolSize: 2 })),
      );
      const check = new pg.Client({ connectionString: url });
      await check.connect();
      const applied = await check.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
      const tables = await check.query(
        `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`,
      );
      await check.end();
      await Promise.all(instances.map((i) => i.close()));
      expect(applied.rows[0].n).toBe(journal.entries.length);
      expect(tables.rows[0].n).toBeGreaterThanOrEqual(12);
    } finally {
      await fresh.drop();
    }
  }, 120_000);
});
