// Migration 0011 (issue 26): ballots keep their day, never their time; each ballot gets a random key
// (随机编号) that its rows copy; the ballot rows' ids become random. Minutes become dates (the day in
// Beijing time, whatever the session's time zone) and nothing else of a ballot changes.
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsBefore, migrationsFolder } from './helpers/migrations-before';

const before = migrationsBefore('0011_ballot_dates_and_random_keys');
afterAll(() => before.remove());

const S1 = '11111111-1111-4111-8111-111111111111';
const S2 = '22222222-2222-4222-8222-222222222222';
const S3 = '33333333-3333-4333-8333-333333333333';

/** Everything of the ballot tables but what the migration changes (times, ids) and adds (keys). */
const KEPT = {
  submissions: `SELECT id, company_id, round_id, vote_type_id, form_category, voter_identifier, ballot_count,
                       total_score, receipt_id, is_test, source FROM submissions ORDER BY id`,
  votes: `SELECT submission_id, company_id, round_id, vote_type_id, poll_id, target_id, voter_identifier,
                 answers, score, is_test FROM votes ORDER BY submission_id, target_id`,
  cadre_votes: `SELECT submission_id, company_id, round_id, vote_type_id, poll_id, poll_kind, voter_identifier,
                       answers, is_test FROM cadre_votes ORDER BY submission_id, poll_kind`,
};

describe('migration 0011_ballot_dates_and_random_keys', () => {
  it('turns ballot minutes into their Beijing date, gives each ballot a random key and random row ids', async () => {
    expect(before.index).toBe(11);
    const client = await PGlite.create();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: before.folder });
    // A session in another time zone: the dates must still be Beijing's.
    await client.exec(`SET TIME ZONE 'America/Los_Angeles'`);
    await client.exec(`
      INSERT INTO companies (id, name) VALUES (1, '旧单位');
      INSERT INTO rounds (id, company_id, name, year) VALUES (1, 1, '2025年度', 2025);
      INSERT INTO vote_types (id, company_id, round_id, name, form_category, link_id) VALUES
        (1, 1, 1, '班子成员', 'democratic_appraisal', 'L1'),
        (2, 1, 1, '中层干部', 'democratic_evaluation', 'L2');
      INSERT INTO polls (id, company_id, round_id, title, target_type, form_schema) VALUES
        (1, 1, 1, '班子', 'company', '{}'), (2, 1, 1, '选人用人', 'cadre', '{}');
      INSERT INTO submissions (id, company_id, round_id, vote_type_id, form_category, voter_identifier,
                               ballot_count, total_score, receipt_id, is_test, source, created_at) VALUES
        ('${S1}', 1, 1, 1, 'democratic_appraisal', 'v-browser-one', 2, 180, 'R1', false, 'online',
         '2025-12-01 23:41+08'),
        ('${S2}', 1, 1, 1, 'democratic_appraisal', 'c-server-made', 2, 150.5, 'R2', true, 'online',
         '2025-12-02 00:07+08'),
        ('${S3}', 1, 1, 2, 'democratic_evaluation', 'paper-x', 1, NULL, 'R3', false, 'paper',
         '2025-12-01 16:30+00');
      INSERT INTO votes (submission_id, company_id, round_id, vote_type_id, poll_id, target_id,
                         voter_identifier, answers, score, is_test, created_at) VALUES
        ('${S1}', 1, 1, 1, 1, 7, 'v-browser-one', '{"overall":"good"}', 100, false, '2025-12-01 23:41+08'),
        ('${S1}', 1, 1, 1, 1, 8, 'v-browser-one', '{"overall":"poor"}', 80, false, '2025-12-01 23:41+08'),
        ('${S2}', 1, 1, 1, 1, 7, 'c-server-made', '{"overall":"good"}', 75.5, true, '2025-12-02 00:07+08'),
        ('${S2}', 1, 1, 1, 1, 8, 'c-server-made', '{}', 75, true, '2025-12-02 00:07+08');
      INSERT INTO cadre_votes (submission_id, company_id, round_id, vote_type_id, poll_id, poll_kind,
                               voter_identifier, answers, is_test, created_at) VALUES
        ('${S3}', 1, 1, 2, 2, 'cadre', 'paper-x', '{"overall":"好"}', false, '2025-12-01 16:30+00');
    `);
    const kept = async () =>
      Object.fromEntries(
        await Promise.all(
          Object.entries(KEPT).map(async ([t, q]) => [t, (await client.query(q)).rows] as const),
        ),
      );
    const beforeRows = await kept();
    const oldIds = (
      await client.query<{ id: number }>(`SELECT id FROM votes UNION ALL SELECT id FROM cadre_votes`)
    ).rows.map((r) => Number(r.id));
    expect(oldIds.sort()).toEqual([1, 1, 2, 3, 4]);

    await migrate(db, { migrationsFolder });

    // Nothing else changed.
    expect(await kept()).toEqual(beforeRows);
    // Minutes became the day in Beijing time: 23:41 stays the 1st, 00:07 (+08) is the 2nd, 16:30 UTC is
    // 00:30 in Beijing on the 2nd. The column is a date: there is no time left to read.
    const days = await client.query<{ t: string; id: string; d: string; type: string }>(`
      SELECT 's' AS t, id::text, created_at::text AS d, pg_typeof(created_at)::text AS type FROM submissions
      UNION ALL SELECT 'v', submission_id::text || target_id, created_at::text, pg_typeof(created_at)::text FROM votes
      UNION ALL SELECT 'c', submission_id::text, created_at::text, pg_typeof(created_at)::text FROM cadre_votes
      ORDER BY 1, 2`);
    expect(days.rows).toEqual([
      { t: 'c', id: S3, d: '2025-12-02', type: 'date' },
      { t: 's', id: S1, d: '2025-12-01', type: 'date' },
      { t: 's', id: S2, d: '2025-12-02', type: 'date' },
      { t: 's', id: S3, d: '2025-12-02', type: 'date' },
      { t: 'v', id: `${S1}7`, d: '2025-12-01', type: 'date' },
      { t: 'v', id: `${S1}8`, d: '2025-12-01', type: 'date' },
      { t: 'v', id: `${S2}7`, d: '2025-12-02', type: 'date' },
      { t: 'v', id: `${S2}8`, d: '2025-12-02', type: 'date' },
    ]);
    // Each ballot has its own random key, and its rows carry the same.
    const keys = await client.query<{ id: string; voter_key: string }>(
      `SELECT id::text, voter_key FROM submissions ORDER BY id`,
    );
    for (const k of keys.rows) expect(k.voter_key).toMatch(/^[0-9A-F]{12}$/);
    expect(new Set(keys.rows.map((k) => k.voter_key)).size).toBe(3);
    const mismatched = await client.query<{ n: number }>(`
      SELECT count(*)::int AS n FROM (
        SELECT v.voter_key, v.submission_id FROM votes v
        UNION ALL SELECT c.voter_key, c.submission_id FROM cadre_votes c) r
      JOIN submissions s ON s.id = r.submission_id WHERE s.voter_key <> r.voter_key`);
    expect(mismatched.rows).toEqual([{ n: 0 }]);
    // The rows' ids are random now (52 bits), no longer 1, 2, 3…
    const ids = (
      await client.query<{ id: number }>(`SELECT id FROM votes UNION ALL SELECT id FROM cadre_votes`)
    ).rows.map((r) => Number(r.id));
    expect(ids).toHaveLength(5);
    for (const id of ids) expect(id).toBeGreaterThan(1_000_000);
    for (const id of ids) expect(Number.isSafeInteger(id)).toBe(true);
    const seqs = await client.query(
      `SELECT relname FROM pg_class WHERE relkind = 'S' AND relname LIKE '%votes%'`,
    );
    expect(seqs.rows).toEqual([]);

    // A ballot written afterwards by hand gets the same: a date, a key and a random id.
    await client.exec(`
      INSERT INTO submissions (id, company_id, round_id, vote_type_id, form_category, voter_identifier, ballot_count)
        VALUES ('44444444-4444-4444-8444-444444444444', 1, 1, 1, 'democratic_appraisal', 'v-later', 0);
      INSERT INTO votes (submission_id, company_id, round_id, vote_type_id, poll_id, target_id, voter_identifier,
                         answers, score)
        VALUES ('44444444-4444-4444-8444-444444444444', 1, 1, 1, 1, 7, 'v-later', '{}', 1);`);
    const later = await client.query<{ d: string; k: string; id: number }>(`
      SELECT s.created_at::text AS d, s.voter_key AS k, v.id FROM submissions s JOIN votes v ON v.submission_id = s.id
      WHERE s.voter_identifier = 'v-later'`);
    expect(later.rows[0]!.d).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(later.rows[0]!.k).toMatch(/^[0-9A-F]{12}$/);
    expect(Number(later.rows[0]!.id)).toBeGreaterThan(1_000_000);
    await client.close();
  }, 180_000);
});
