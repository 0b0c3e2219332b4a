// Migration 0012 (issue 26, paper): the sheets being keyed get their keyers' accounts from their audited
// entries (a sheet the trail does not name keeps none), a link-mode vote type being keyed gets one print
// run 1..its highest keyed number, the session columns go; nothing else changes.
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsBefore, migrationsFolder } from './helpers/migrations-before';

const before = migrationsBefore('0012_paper_keyers_and_print_runs');
afterAll(() => before.remove());

describe('migration 0012_paper_keyers_and_print_runs', () => {
  it('names the keyers from the audit trail and gives the link-mode sheets being keyed a print run', async () => {
    expect(before.index).toBe(12);
    const client = await PGlite.create();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: before.folder });
    await client.exec(`
      INSERT INTO users (id, username, password_hash) VALUES (7, 'a', 'x'), (8, 'b', 'x'), (9, 'c', 'x');
      INSERT INTO companies (id, name) VALUES (1, '旧单位');
      INSERT INTO rounds (id, company_id, name, year) VALUES (1, 1, '2025年度', 2025);
      INSERT INTO vote_types (id, company_id, round_id, name, form_category, link_id, access_mode, test_mode, counted_at) VALUES
        (1, 1, 1, '链接', 'democratic_appraisal', 'L1', 'link', false, NULL),
        (2, 1, 1, '测评码', 'democratic_appraisal', 'L2', 'codes', false, NULL),
        (3, 1, 1, '试投票', 'democratic_evaluation', 'L3', 'link', true, NULL);
      INSERT INTO paper_sheets (id, vote_type_id, round_id, sheet_key, state, first_answers, first_session,
                                second_answers, second_session) VALUES
        (10, 1, 1, '3', 'pending', '[]', 's1', NULL, NULL),
        (11, 1, 1, '12', 'conflict', '[]', 's1', '[]', 's2'),
        (12, 1, 1, '5', 'pending', '[]', 's3', NULL, NULL),
        (13, 2, 1, 'ABCDEFGHJK', 'pending', '[]', 's1', NULL, NULL),
        (14, 3, 1, '2', 'counted', '[]', 's2', NULL, NULL);
      INSERT INTO audit_log (user_id, username, action, company_id, summary, detail) VALUES
        (7, 'a', 'paper.enter', 1, '录入纸质票', '{"vote_type_id": 1, "sheet_id": 10, "state": "pending"}'),
        (7, 'a', 'paper.enter', 1, '录入纸质票', '{"vote_type_id": 1, "sheet_id": 11, "state": "pending"}'),
        (8, 'b', 'paper.enter', 1, '录入纸质票', '{"vote_type_id": 1, "sheet_id": 11, "state": "conflict"}'),
        (8, 'b', 'paper.enter', 1, '录入纸质票', '{"vote_type_id": 2, "sheet_id": 13, "state": "pending"}'),
        (9, 'c', 'paper.enter', 1, '录入纸质票', '{"vote_type_id": 3, "sheet_id": 14, "state": "counted"}'),
        (9, 'c', 'paper.print', 1, '打印纸质选票', '{"vote_type_id": 1, "sheet_id": 12}');
    `);
    await migrate(db, { migrationsFolder });

    const sheets = await client.query(
      `SELECT id, sheet_key, state, first_user_id, second_user_id FROM paper_sheets ORDER BY id`,
    );
    expect(sheets.rows).toEqual([
      { id: 10, sheet_key: '3', state: 'pending', first_user_id: 7, second_user_id: null },
      { id: 11, sheet_key: '12', state: 'conflict', first_user_id: 7, second_user_id: 8 },
      // No paper.enter names it: its keyer stays unknown (a second entry is refused; withdraw, key again).
      { id: 12, sheet_key: '5', state: 'pending', first_user_id: null, second_user_id: null },
      { id: 13, sheet_key: 'ABCDEFGHJK', state: 'pending', first_user_id: 8, second_user_id: null },
      { id: 14, sheet_key: '2', state: 'counted', first_user_id: 9, second_user_id: null },
    ]);
    const columns = await client.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'paper_sheets' ORDER BY column_name`,
    );
    expect(columns.rows.map((c) => c.column_name)).not.toContain('first_session');
    const runs = await client.query(
      `SELECT vote_type_id, round_id, first_number, last_number, is_test FROM paper_print_runs ORDER BY vote_type_id`,
    );
    expect(runs.rows).toEqual([
      { vote_type_id: 1, round_id: 1, first_number: 1, last_number: 12, is_test: false },
      { vote_type_id: 3, round_id: 1, first_number: 1, last_number: 2, is_test: true },
    ]);
    const retired = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM retired_submissions`);
    expect(retired.rows).toEqual([{ n: 0 }]);
    // The audit rows (hash-chained) are read, never changed.
    const audit = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log`);
    expect(audit.rows).toEqual([{ n: 6 }]);
    await client.close();
  }, 180_000);
});
