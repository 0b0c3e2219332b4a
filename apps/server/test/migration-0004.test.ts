// Migration 0004 (issue 12) on a database that already holds ballots: every old submission gets its own
// server-made receipt id, and every ballot time is cut to the minute (until 0011 keeps the day only).
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsBefore, migrationsFolder } from './helpers/migrations-before';

const before = migrationsBefore('0004_one_person_one_ballot');
/** The folder up to 0004 itself: later migrations change the times again (0011 keeps the day only). */
const through = migrationsBefore('0005_rounds');
afterAll(() => {
  before.remove();
  through.remove();
});

describe('migration 0004_one_person_one_ballot', () => {
  it('gives old ballots receipt ids and minute times', async () => {
    // The migrations before issue 12.
    expect(before.index).toBe(4);
    expect(through.index).toBe(5);

    const client = await PGlite.create();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: before.folder });
    await client.exec(`
      INSERT INTO companies (id, name) VALUES (1, '旧单位');
      INSERT INTO polls (id, company_id, target_type, title, form_schema) VALUES (1, 1, 'company', '表', '{}');
      INSERT INTO vote_types (id, company_id, name, form_category, link_id) VALUES (1, 1, '班子', 'democratic_appraisal', 'L');
      INSERT INTO submissions (id, company_id, vote_type_id, form_category, voter_identifier, ballot_count, created_at)
      SELECT gen_random_uuid(), 1, 1, 'democratic_appraisal', 'voter-' || i, 1, '2025-01-02 09:30:45.678+08'
      FROM generate_series(1, 50) i;
      INSERT INTO votes (submission_id, company_id, vote_type_id, poll_id, target_id, voter_identifier, answers, score, created_at)
      SELECT id, 1, 1, 1, 1, voter_identifier, '{}', 100, created_at FROM submissions;
    `);
    await migrate(db, { migrationsFolder: through.folder });

    const subs = await client.query<{ receipt_id: string; t: string; is_test: boolean }>(
      `SELECT receipt_id, to_char(created_at AT TIME ZONE 'UTC', 'HH24:MI:SS.MS') AS t, is_test FROM submissions`,
    );
    expect(subs.rows).toHaveLength(50);
    expect(new Set(subs.rows.map((r) => r.receipt_id)).size).toBe(50);
    for (const r of subs.rows) {
      expect(r.receipt_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(r.t).toBe('01:30:00.000');
      expect(r.is_test).toBe(false);
    }
    const votes = await client.query<{ t: string }>(
      `SELECT DISTINCT to_char(created_at AT TIME ZONE 'UTC', 'HH24:MI:SS.MS') AS t FROM votes`,
    );
    expect(votes.rows).toEqual([{ t: '01:30:00.000' }]);
    const vt = await client.query(`SELECT access_mode, test_mode, closed_at FROM vote_types`);
    expect(vt.rows).toEqual([{ access_mode: 'link', test_mode: false, closed_at: null }]);

    // Every later migration runs on them too: the same 50 ballots with their receipt ids, now with the
    // Beijing day only (0011, issue 26; migration-0011.test.ts checks it in full).
    await migrate(db, { migrationsFolder });
    const after = await client.query<{ receipt_id: string; day: string }>(
      `SELECT receipt_id, to_char(created_at, 'YYYY-MM-DD') AS day FROM submissions`,
    );
    expect(after.rows.map((r) => r.receipt_id).sort()).toEqual(subs.rows.map((r) => r.receipt_id).sort());
    expect(new Set(after.rows.map((r) => r.day))).toEqual(new Set(['2025-01-02']));
    await client.close();
    // Every later migration runs too; on a loaded machine that takes longer than the default 30 s.
  }, 180_000);
});
