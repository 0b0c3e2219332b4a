// Migration 0005 (issue 14) on a database that already holds ballots of every family: each unit gets one
// round (named after the Beijing year of its first ballot, or this year), every row moves into it, and
// every results figure afterwards equals a recount by the contracts' scoring of the rows put in before.
// A lost ballot, or one moved to another unit's round, changes a count or a figure and fails it.
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { CadreAnswers, NewlyPromotedAnswers, ScoringAnswers } from '@kaoping/contracts/answers';
import type { AppraisalResults } from '@kaoping/contracts/target-results';
import type { EvaluationResults } from '@kaoping/contracts/cadre-results';
import type { RoundList } from '@kaoping/contracts/rounds';
import { parseFormSchema } from '@kaoping/contracts/poll';
import {
  aggregateCadre,
  aggregateNewlyPromoted,
  aggregateScoring,
  scoreBallot,
  weightedScore,
} from '@kaoping/contracts/scoring';
import type { CadreFormSchema } from '@kaoping/contracts/cadre-schema';
import type { ScoringFormSchema } from '@kaoping/contracts/scoring-schema';
import { pollTemplate } from '@kaoping/contracts/templates/by-kind';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { serverPath } from '../src/lib/paths';
import { bearer, createAdmin } from './helpers/factories';
import { prng, randomCadre, randomNewlyPromoted, randomScoring } from './helpers/results-fixtures';
import { freshPostgres } from './helpers/fresh-postgres';

const folder = serverPath('drizzle');
const before = mkdtempSync(path.join(tmpdir(), 'kaoping-mig5-'));
const dataDir = mkdtempSync(path.join(tmpdir(), 'kaoping-mig5-data-'));
afterAll(() => {
  rmSync(before, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** The database at migration 0004 (PGlite in a folder, or a fresh PostgreSQL database). */
async function oldDatabase() {
  cpSync(folder, before, { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8'));
  const index = journal.entries.findIndex((e: { tag: string }) => e.tag === '0005_rounds');
  expect(index).toBe(5);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(path.join(before, 'meta', '_journal.json'), JSON.stringify(journal));

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const fresh = await freshPostgres(adminUrl, { prefix: 'kaoping_mig5' });
    const pool = new pg.Pool({ connectionString: fresh.url, max: 2 });
    await migratePg(drizzlePg(pool), { migrationsFolder: before });
    const query: Query = async (text, params) => pool.query(text, params as unknown[]);
    return {
      query,
      done: () => pool.end(),
      open: () => openDatabase({ url: fresh.url, poolSize: 5 }),
      drop: fresh.drop,
    };
  }
  const client = await PGlite.create(path.join(dataDir, 'pglite'));
  await migratePglite(drizzlePglite(client), { migrationsFolder: before });
  const query: Query = async (text, params) => client.query(text, params as unknown[]);
  return { query, done: () => client.close(), open: () => openDatabase({ dataDir }), drop: async () => {} };
}

const rnd = prng(5005);
function parsed<S>(kind: 'company' | 'person' | 'cadre'): S {
  const result = parseFormSchema(kind, pollTemplate(kind).form_schema);
  if (!result.success) throw new Error(result.error);
  return result.data as S;
}
const scoring = (kind: 'company' | 'person') => parsed<ScoringFormSchema>(kind);
const cadreSchema = parsed<CadreFormSchema>('cadre');

interface Stored {
  voteType: number;
  target: number;
  answers: ScoringAnswers;
  isTest: boolean;
}

/** Fills the old schema: two units with ballots of both families (and test ballots), one without. */
async function fill(q: Query) {
  const one = async (text: string, params: unknown[]) => (await q(text, params)).rows[0]!;
  const company = async (name: string) =>
    Number((await one(`INSERT INTO companies (name) VALUES ($1) RETURNING id`, [name])).id);
  const poll = async (c: number, kind: string) =>
    Number(
      (
        await one(
          `INSERT INTO polls (company_id, target_type, title, form_schema) VALUES ($1, $2, $3, $4) RETURNING id`,
          [
            c,
            kind,
            pollTemplate(kind as 'company').title,
            JSON.stringify(pollTemplate(kind as 'company').form_schema),
          ],
        )
      ).id,
    );
  const voteType = async (c: number, name: string, family: string, weight: number) =>
    Number(
      (
        await one(
          `INSERT INTO vote_types (company_id, name, form_category, weight, link_id, closed_at)
           VALUES ($1, $2, $3, $4, $5, now()) RETURNING id`,
          [c, name, family, weight, randomUUID()],
        )
      ).id,
    );
  const target = async (c: number, name: string, type: string, active = true) =>
    Number(
      (
        await one(
          `INSERT INTO vote_targets (company_id, name, type, is_active) VALUES ($1, $2, $3, $4) RETURNING id`,
          [c, name, type, active],
        )
      ).id,
    );
  const subject = async (c: number, name: string) =>
    Number(
      (
        await one(`INSERT INTO evaluation_subjects (company_id, name) VALUES ($1, $2) RETURNING id`, [
          c,
          name,
        ])
      ).id,
    );
  const submission = async (
    c: number,
    vt: number,
    family: string,
    n: number,
    at: string,
    isTest: boolean,
  ) => {
    const id = randomUUID();
    await q(
      `INSERT INTO submissions (id, company_id, vote_type_id, form_category, voter_identifier, ballot_count, is_test, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [id, c, vt, family, `voter-${id}`, n, isTest, at],
    );
    return id;
  };

  // 甲: both families, weighted vote types, an inactive target with ballots, test ballots.
  const a = await company('甲');
  const polls = {
    company: await poll(a, 'company'),
    person: await poll(a, 'person'),
    cadre: await poll(a, 'cadre'),
    newly_promoted: await poll(a, 'newly_promoted'),
  };
  const vts = [
    await voteType(a, '班子成员', 'democratic_appraisal', 60),
    await voteType(a, '中层干部', 'democratic_appraisal', 40),
  ];
  const ev = await voteType(a, '评议组', 'democratic_evaluation', 0);
  const targets = [
    { id: await target(a, '领导班子', 'company'), type: 'company' as const },
    { id: await target(a, '张三', 'person'), type: 'person' as const },
    { id: await target(a, '李四', 'person', false), type: 'person' as const },
  ];
  const subjects = [await subject(a, '周明'), await subject(a, '吴敏')];
  const stored: Stored[] = [];
  let minute = 0;
  const at = () => `2024-06-01 09:${String(minute++ % 60).padStart(2, '0')}:00+08`;
  for (const [i, vt] of vts.entries()) {
    for (let v = 0; v < 6 + i * 2; v++) {
      const isTest = v < 2 && i === 0;
      const sub = await submission(a, vt, 'democratic_appraisal', targets.length, at(), isTest);
      for (const t of targets) {
        const answers = randomScoring(scoring(t.type), rnd);
        await q(
          `INSERT INTO votes (submission_id, company_id, vote_type_id, poll_id, target_id, voter_identifier, answers, score, is_test)
           SELECT id, company_id, vote_type_id, $2, $3, voter_identifier, $4, $5, is_test FROM submissions WHERE id = $1`,
          [sub, polls[t.type], t.id, JSON.stringify(answers), scoreBallot(scoring(t.type), answers)],
        );
        stored.push({ voteType: vt, target: t.id, answers, isTest });
      }
    }
  }
  const cadre: CadreAnswers[] = [];
  const promoted: NewlyPromotedAnswers[] = [];
  for (let v = 0; v < 7; v++) {
    const isTest = v === 0;
    const sub = await submission(a, ev, 'democratic_evaluation', 2, at(), isTest);
    const c = randomCadre(cadreSchema, rnd);
    const np = randomNewlyPromoted(subjects, rnd);
    for (const [kind, answers] of [
      ['cadre', c],
      ['newly_promoted', np],
    ] as const) {
      await q(
        `INSERT INTO cadre_votes (submission_id, company_id, vote_type_id, poll_id, poll_kind, voter_identifier, answers, is_test)
         SELECT id, company_id, vote_type_id, $2, $3, voter_identifier, $4, is_test FROM submissions WHERE id = $1`,
        [sub, polls[kind], kind, JSON.stringify(answers)],
      );
    }
    if (!isTest) {
      cadre.push(c);
      promoted.push(np);
    }
  }

  // 乙: its first ballot late on 31 December 2025 UTC, which is already 2026 in Beijing.
  const b = await company('乙');
  const bPoll = await poll(b, 'company');
  const bVt = await voteType(b, '全体', 'democratic_appraisal', 0);
  const bTarget = await target(b, '领导班子', 'company');
  const bStored: ScoringAnswers[] = [];
  for (let v = 0; v < 3; v++) {
    const sub = await submission(b, bVt, 'democratic_appraisal', 1, '2025-12-31 17:30:00+00', false);
    const answers = randomScoring(scoring('company'), rnd);
    await q(
      `INSERT INTO votes (submission_id, company_id, vote_type_id, poll_id, target_id, voter_identifier, answers, score)
       SELECT id, company_id, vote_type_id, $2, $3, voter_identifier, $4, $5 FROM submissions WHERE id = $1`,
      [sub, bPoll, bTarget, JSON.stringify(answers), scoreBallot(scoring('company'), answers)],
    );
    bStored.push(answers);
  }
  // 丙: no ballots at all.
  const c = await company('丙');
  await poll(c, 'company');
  return {
    a,
    b,
    c,
    vts,
    weights: [60, 40],
    ev,
    targets,
    subjects,
    stored,
    cadre,
    promoted,
    bTarget,
    bStored,
  };
}

describe('migration 0005_rounds', () => {
  it('moves every unit’s data into one round and keeps every results figure', async () => {
    const old = await oldDatabase();
    const data = await fill(old.query);
    await old.done();

    const database = await old.open();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', REGISTER_RATE_LIMIT: '10000' });
    const app = await buildApp({ config, database, jwtSecret: 'test-secret-test-secret-test-secret-1234' });
    try {
      await app.ready();
      const token = await createAdmin(app);
      const get = async <T>(url: string) => {
        const res = await app.inject({ url: `/api/v1/admin${url}`, headers: bearer(token) });
        expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(200);
        return res.json<T>();
      };

      // One current round per unit, named after the Beijing year of its first ballot.
      const thisYear = new Date(Date.now() + 8 * 3600_000).getUTCFullYear();
      for (const [c, year, ballots] of [
        [data.a, 2024, 12 + 6],
        [data.b, 2026, 3],
        [data.c, thisYear, 0],
      ] as const) {
        const rounds = (await get<RoundList>(`/companies/${c}/rounds`)).items;
        expect(rounds.map((r) => [r.name, r.year, r.state, r.ballots])).toEqual([
          [`${year}年度`, year, 'current', ballots],
        ]);
      }

      // 民主测评 of 甲: every target's figures per vote type, pooled and weighted, from the rows put in.
      const r = await get<AppraisalResults>(`/companies/${data.a}/results`);
      expect(r.targets.map((t) => t.target_id)).toEqual(data.targets.map((t) => t.id));
      for (const t of r.targets) {
        const type = data.targets.find((x) => x.id === t.target_id)!.type;
        const formal = data.stored.filter((s) => s.target === t.target_id && !s.isTest);
        const byVt = data.vts.map((vt) =>
          aggregateScoring(
            scoring(type),
            formal.filter((s) => s.voteType === vt).map((s) => s.answers),
          ),
        );
        expect(t.by_vote_type).toEqual(byVt.map((f, i) => ({ ...f, vote_type_id: data.vts[i] })));
        expect(t.combined).toEqual(
          aggregateScoring(
            scoring(type),
            formal.map((s) => s.answers),
          ),
        );
        expect(t.weighted_score).toBe(
          weightedScore(byVt.map((f, i) => ({ weight: data.weights[i], count: f.count, total: f.total }))),
        );
        expect(t.comparison.previous).toBeNull();
      }
      expect(r.vote_types.map((v) => [v.vote_type_id, v.received, v.test_received])).toEqual([
        [data.vts[0], 4, 2],
        [data.vts[1], 8, 0],
      ]);

      // 民主评议 of 甲.
      const e = await get<EvaluationResults>(
        `/companies/${data.a}/results?form_category=democratic_evaluation`,
      );
      expect(e.cadre.ballot_count).toBe(6);
      // Text answers come out in no order of arrival any more (migration 0011, decision 0016): compare them
      // as a set.
      const unordered = (qs: { texts?: string[] }[]) =>
        qs.map((q) => (q.texts ? { ...q, texts: [...q.texts].sort() } : q));
      expect(unordered(e.cadre.questions)).toEqual(
        unordered(aggregateCadre(cadreSchema, data.cadre).questions),
      );
      const np = aggregateNewlyPromoted(data.subjects, data.promoted);
      expect(e.newly_promoted.ballot_count).toBe(np.ballot_count);
      expect(
        e.newly_promoted.subjects.map(
          ({
            id: _id,
            name: _n,
            birth_date: _b,
            previous_position: _p,
            current_position: _c,
            is_active: _a,
            ...rest
          }) => rest,
        ),
      ).toEqual(np.subjects);

      // Records, voters and turnout count every ballot, test ballots apart.
      expect((await get<{ count: number }>(`/votes/count?company_id=${data.a}`)).count).toBe(
        data.stored.length,
      );
      expect((await get<{ count: number }>(`/cadre-votes/count?company_id=${data.a}`)).count).toBe(14);
      expect((await get<{ count: number }>(`/votes/voter-results/count?company_id=${data.a}`)).count).toBe(
        14,
      );

      // 乙 keeps its own ballots, 丙 has none.
      const rb = await get<AppraisalResults>(`/companies/${data.b}/results`);
      expect(rb.targets.map((t) => [t.target_id, t.combined])).toEqual([
        [data.bTarget, aggregateScoring(scoring('company'), data.bStored)],
      ]);
      expect((await get<{ count: number }>(`/votes/count?company_id=${data.c}`)).count).toBe(0);

      // Nothing is left without a round, and every ballot row is in its submission's round.
      const orphans = (await database.db.execute(
        sql`SELECT
          (SELECT count(*) FROM votes b JOIN submissions s ON s.id = b.submission_id WHERE b.round_id <> s.round_id)::int
          + (SELECT count(*) FROM cadre_votes b JOIN submissions s ON s.id = b.submission_id WHERE b.round_id <> s.round_id)::int
          + (SELECT count(*) FROM submissions s JOIN vote_types v ON v.id = s.vote_type_id WHERE s.round_id <> v.round_id)::int
          AS n`,
      )) as unknown as { rows: { n: number }[] };
      expect(orphans.rows[0]!.n).toBe(0);
    } finally {
      await app.close();
      await database.close();
      await old.drop();
    }
  }, 240_000);
});
