// Migration 0009 (issue 24, the three steps): vote types that had ended count as 完成计票, the open ones
// stay 投票中, and the codes printed on paper ballots (each print audited as paper.print with its batch)
// are marked as paper codes.
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsBefore, migrationsFolder } from './helpers/migrations-before';

const before = migrationsBefore('0009_three_counting_steps');
afterAll(() => before.remove());

describe('migration 0009_three_counting_steps', () => {
  it('counts the ended vote types as 完成计票 and marks the printed codes', async () => {
    expect(before.index).toBe(9);
    const client = await PGlite.create();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: before.folder });
    await client.exec(`
      INSERT INTO companies (id, name) VALUES (1, '旧单位');
      INSERT INTO rounds (id, company_id, name, year) VALUES (1, 1, '2025年度', 2025);
      INSERT INTO vote_types (id, company_id, round_id, name, form_category, link_id, access_mode, closed_at, closes_at) VALUES
        (1, 1, 1, '已结束', 'democratic_appraisal', 'L1', 'codes', '2025-12-01 10:00+08', NULL),
        (2, 1, 1, '进行中', 'democratic_appraisal', 'L2', 'link', NULL, NULL),
        (3, 1, 1, '过了截止时间', 'democratic_evaluation', 'L3', 'link', NULL, '2025-12-02 10:00+08'),
        (4, 1, 1, '尚未截止', 'democratic_evaluation', 'L4', 'link', NULL, now() + interval '1 day');
      INSERT INTO ballot_codes (vote_type_id, code, state, batch) VALUES
        (1, 'AAAAAAAAAA', 'used', 1), (1, 'BBBBBBBBBB', 'voided', 1),
        (1, 'CCCCCCCCCC', 'used', 2), (1, 'DDDDDDDDDD', 'voided', 2),
        (1, 'EEEEEEEEEE', 'unused', 3);
      INSERT INTO audit_log (username, action, company_id, summary, detail) VALUES
        ('admin', 'paper.print', 1, '打印纸质选票', '{"vote_type_id": 1, "company_id": 1, "name": "已结束", "batch": 2, "count": 2}'),
        ('admin', 'paper.print', 1, '打印纸质选票（空白）', '{}'),
        ('admin', 'vote_type.codes.issue', 1, '发放', '{"vote_type_id": 1, "batch": 3, "count": 1}');
    `);
    await migrate(db, { migrationsFolder });

    const vts = await client.query<{
      id: number;
      counted: string | null;
      closed: string | null;
      deleted: number;
    }>(
      `SELECT id, to_char(counted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS counted,
              to_char(closed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS closed, deleted_ballots AS deleted
       FROM vote_types ORDER BY id`,
    );
    expect(vts.rows).toEqual([
      { id: 1, counted: '2025-12-01 02:00', closed: '2025-12-01 02:00', deleted: 0 },
      { id: 2, counted: null, closed: null, deleted: 0 },
      { id: 3, counted: '2025-12-02 02:00', closed: null, deleted: 0 },
      { id: 4, counted: null, closed: null, deleted: 0 },
    ]);
    const codes = await client.query<{ code: string; state: string; for_paper: boolean }>(
      `SELECT code, state, for_paper FROM ballot_codes ORDER BY id`,
    );
    expect(codes.rows).toEqual([
      { code: 'AAAAAAAAAA', state: 'used', for_paper: false },
      { code: 'BBBBBBBBBB', state: 'voided', for_paper: false },
      { code: 'CCCCCCCCCC', state: 'used', for_paper: true },
      { code: 'DDDDDDDDDD', state: 'voided', for_paper: true },
      { code: 'EEEEEEEEEE', state: 'unused', for_paper: false },
    ]);
    // The audit rows (hash-chained) are read, never changed.
    const audit = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log`);
    expect(audit.rows).toEqual([{ n: 3 }]);
    await client.close();
  }, 180_000);
});
