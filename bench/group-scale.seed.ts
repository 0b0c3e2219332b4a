// Seeds a 集团 of units straight into the database for bench/group-scale.ts (issue 29): set-based
// INSERT … SELECT over generate_series, no HTTP. The rows are the ones the server's ballot statements
// write (modules/voting/statements.ts): a submission per voter (random voter_key, a 22-character
// receipt id, the day in Beijing time), its ballot rows carrying the same ids and voter_key, random row ids
// (the column default), answers in the stored shape. The answers come from a pool of seeded random
// ballots scored with contracts' scoreBallot; each ballot row picks one by an md5 of its ids, so the same
// unit seeds the same answers in every run and on both databases.
import type { CadreAnswers } from '../packages/contracts/src/answers';
import { scoreBallot } from '../packages/contracts/src/scoring';
import { cadreTemplate } from '../packages/contracts/src/templates/cadre';
import { companyTemplate } from '../packages/contracts/src/templates/company';
import { newlyPromotedTemplate } from '../packages/contracts/src/templates/newly-promoted';
import { personTemplate } from '../packages/contracts/src/templates/person';
import { prng, randomAnswers, type Exec } from './results.seed';

/** Distinct answers per poll kind in the pool. */
const POOL = 512;

export interface UnitShape {
  /** Voters of the unit, spread evenly over its voter groups (each votes in both families). */
  voters: number;
  /** Voter groups (vote types) per family. */
  groups: number;
  /** Appraisal targets: the 领导班子 and persons. */
  targets: number;
  /** 新提拔 subjects. */
  subjects: number;
}

export const GROUP_NAMES = ['班子成员', '中层干部', '职工代表', '离退休干部', '基层党组织书记'];
/** Weights (percent) of the voter groups, first to last. */
export const GROUP_WEIGHTS = [30, 25, 20, 15, 10];

const dayOf = `(now() AT TIME ZONE 'Asia/Shanghai')::date`;
const voterKey = `upper(substr(md5(gen_random_uuid()::text), 1, 12))`;
// 128 random bits in base64url (22 characters), as lib/random-id.ts makes the receipt id.
const receiptId = `translate(rtrim(encode(decode(md5(gen_random_uuid()::text || clock_timestamp()::text), 'hex'), 'base64'), '='), '+/', '-_')`;
/** 0..POOL-1 from an md5 of `expr` (deterministic). */
const pick = (expr: string) => `(('x' || substr(md5(${expr}), 1, 8))::bit(32)::int & ${POOL - 1})`;

function cadreAnswers(rnd: () => number): CadreAnswers {
  const out: CadreAnswers = {};
  for (const page of cadreTemplate.form_schema.pages) {
    for (const q of page.questions) {
      const skewed = () =>
        q.options[Math.min(q.options.length - 1, Math.floor(rnd() ** 2 * q.options.length))]!;
      if (q.type === 'single_choice') out[q.id] = skewed();
      else if (q.type === 'multiple_choice') {
        const chosen = q.options.filter(() => rnd() < 0.2);
        out[q.id] = chosen.length ? chosen : [q.options.at(-1)!];
      } else if (rnd() < 0.05) out[q.id] = `建议${Math.floor(rnd() * 1000)}：进一步完善干部考核评价机制。`;
    }
  }
  return out;
}

/** Creates the answer pools (temporary tables of this session): kind, k, answers, score. */
export async function createPools(exec: Exec, seed = 29) {
  const rnd = prng(seed);
  const rows: { kind: string; k: number; answers: unknown; score: number | null }[] = [];
  for (const [kind, schema] of [
    ['company', companyTemplate.form_schema],
    ['person', personTemplate.form_schema],
  ] as const) {
    for (let k = 0; k < POOL; k++) {
      const answers = randomAnswers(schema, rnd);
      rows.push({ kind, k, answers, score: scoreBallot(schema, answers) });
    }
  }
  for (let k = 0; k < POOL; k++) rows.push({ kind: 'cadre', k, answers: cadreAnswers(rnd), score: null });
  await exec(`DROP TABLE IF EXISTS pg_temp.bench_pool`);
  await exec(
    `CREATE TEMP TABLE bench_pool AS
     SELECT kind, k, answers, score FROM jsonb_to_recordset($1::jsonb) AS t(kind text, k int, answers jsonb, score float8)`,
    [JSON.stringify(rows)],
  );
  await exec(`CREATE INDEX ON bench_pool (kind, k)`);
}

export interface SeededUnit {
  companyId: number;
  roundId: number;
  /** Closed appraisal and evaluation vote types. */
  appraisalTypes: number[];
  evaluationTypes: number[];
  /** Open vote types left for the close measurement (appraisal first, then evaluation). */
  openAppraisal: number[];
  openEvaluation: number[];
}

const ids = async (exec: Exec, text: string, params: unknown[]) =>
  (await exec(text, params)).rows.map((r) => Number(r.id));

/**
 * Ballots of some vote types of one family, `perType` voters each: the submissions, then their rows,
 * inserted in the order of the submissions' random ids (the groups' voters interleaved, as in a hall).
 */
async function seedBallots(
  exec: Exec,
  u: { companyId: number; roundId: number; polls: Record<string, number> },
  family: 'democratic_appraisal' | 'democratic_evaluation',
  voteTypes: number[],
  perType: number,
) {
  await exec(`DROP TABLE IF EXISTS pg_temp.bench_b`);
  await exec(
    `CREATE TEMP TABLE bench_b AS
     SELECT gen_random_uuid() AS sid, vt AS vt, gen_random_uuid()::text AS voter, ${voterKey} AS vkey
     FROM unnest($1::int[]) AS vt, generate_series(1, $2::int) AS g`,
    [voteTypes, perType],
  );
  if (family === 'democratic_appraisal') {
    await exec(`DROP TABLE IF EXISTS pg_temp.bench_r`);
    await exec(
      `CREATE TEMP TABLE bench_r AS
       SELECT b.sid, b.vt, b.voter, b.vkey, t.id AS target, t.sort_order AS ord,
              CASE WHEN t.type = 'company' THEN $2::int ELSE $3::int END AS poll, p.answers, p.score
       FROM bench_b b
       CROSS JOIN vote_targets t
       JOIN bench_pool p ON p.kind = t.type AND p.k = ${pick(`b.sid::text || t.id::text`)}
       WHERE t.round_id = $1`,
      [u.roundId, u.polls.company, u.polls.person],
    );
    await exec(
      `INSERT INTO submissions (id, company_id, round_id, vote_type_id, form_category, voter_identifier,
                                voter_key, ballot_count, total_score, receipt_id, source, is_test, created_at)
       SELECT sid, $1, $2, vt, 'democratic_appraisal', voter, vkey, count(*)::int,
              sum(round(score * 10))::float8 / 10, ${receiptId}, 'online', false, ${dayOf}
       FROM bench_r GROUP BY sid, vt, voter, vkey ORDER BY sid`,
      [u.companyId, u.roundId],
    );
    await exec(
      `INSERT INTO votes (submission_id, company_id, round_id, vote_type_id, poll_id, target_id,
                          voter_identifier, voter_key, answers, score, is_test, created_at)
       SELECT sid, $1, $2, vt, poll, target, voter, vkey, answers, score, false, ${dayOf}
       FROM bench_r ORDER BY sid, ord`,
      [u.companyId, u.roundId],
    );
    return;
  }
  await exec(
    `INSERT INTO submissions (id, company_id, round_id, vote_type_id, form_category, voter_identifier,
                              voter_key, ballot_count, total_score, receipt_id, source, is_test, created_at)
     SELECT sid, $1, $2, vt, 'democratic_evaluation', voter, vkey, 2, NULL, ${receiptId}, 'online', false, ${dayOf}
     FROM bench_b ORDER BY sid`,
    [u.companyId, u.roundId],
  );
  // 新提拔: an opinion on every subject (认同 most often), a reason on one ballot in twenty.
  await exec(
    `INSERT INTO cadre_votes (submission_id, company_id, round_id, vote_type_id, poll_id, poll_kind,
                              voter_identifier, voter_key, answers, is_test, created_at)
     SELECT sid, $1, $2, vt, poll, kind, voter, vkey, answers, false, ${dayOf}
     FROM (
       SELECT b.sid, b.vt, b.voter, b.vkey, 1 AS ord, $3::int AS poll, 'cadre' AS kind, p.answers
       FROM bench_b b JOIN bench_pool p ON p.kind = 'cadre' AND p.k = ${pick(`b.sid::text`)}
       UNION ALL
       SELECT b.sid, b.vt, b.voter, b.vkey, 2, $4::int, 'newly_promoted',
              (SELECT jsonb_object_agg('subject_' || s.id,
                        (ARRAY['认同','认同','认同','认同','认同','认同','基本认同','基本认同','不认同','不了解'])
                        [1 + ((('x' || substr(md5(b.sid::text || s.id::text), 1, 8))::bit(32)::int & 2147483647) % 10)])
               FROM evaluation_subjects s WHERE s.round_id = $2)
              || CASE WHEN ${pick(`b.sid::text || 'reason'`)} < ${Math.round(POOL / 20)}
                      THEN jsonb_build_object('reason', '对个别干部的提拔程序了解不够。') ELSE '{}'::jsonb END
       FROM bench_b b
     ) x
     ORDER BY sid, ord`,
    [u.companyId, u.roundId, u.polls.cadre, u.polls.newly_promoted],
  );
}

/**
 * One unit: a current round of `year`, the four polls from the templates, its targets and 新提拔 subjects,
 * `groups` appraisal and `groups` evaluation vote types (weighted, closed and counted), every voter's
 * ballot in both families. `openVoters` > 0 adds `openTypes` open vote types of each family with that
 * many voters each (for 结束投票 to be measured on).
 */
export async function seedUnit(
  exec: Exec,
  name: string,
  year: number,
  shape: UnitShape,
  open: { types: number; voters: number } = { types: 0, voters: 0 },
): Promise<SeededUnit> {
  const [companyId] = await ids(exec, `INSERT INTO companies (name) VALUES ($1) RETURNING id`, [name]);
  const [roundId] = await ids(
    exec,
    `INSERT INTO rounds (company_id, name, year, state) VALUES ($1, $2, $3, 'current') RETURNING id`,
    [companyId, `${year}年度`, year],
  );
  const polls: Record<string, number> = {};
  for (const [kind, t] of [
    ['company', companyTemplate],
    ['person', personTemplate],
    ['cadre', cadreTemplate],
    ['newly_promoted', newlyPromotedTemplate],
  ] as const) {
    const [id] = await ids(
      exec,
      `INSERT INTO polls (company_id, round_id, target_type, title, description, form_schema)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [companyId, roundId, kind, t.title, t.description, JSON.stringify(t.form_schema)],
    );
    polls[kind] = id!;
  }
  await exec(
    `INSERT INTO vote_targets (company_id, round_id, name, type, title, sort_order)
     SELECT $1, $2, CASE WHEN i = 1 THEN '领导班子' ELSE '干部' || (i - 1) END,
            CASE WHEN i = 1 THEN 'company' ELSE 'person' END,
            CASE WHEN i = 1 THEN '' WHEN i = 2 THEN '党委书记、董事长' ELSE '副总经理' END, 10 * i
     FROM generate_series(1, $3::int) AS i`,
    [companyId, roundId, shape.targets],
  );
  await exec(
    `INSERT INTO evaluation_subjects (company_id, round_id, name, birth_date, previous_position, current_position, sort_order)
     SELECT $1, $2, '新提拔干部' || i, '1985-0' || (1 + i % 9), '部门副经理', '部门经理', 10 * i
     FROM generate_series(1, $3::int) AS i`,
    [companyId, roundId, shape.subjects],
  );
  const perType = Math.ceil(shape.voters / shape.groups);
  const voteTypes = async (family: string, closed: boolean, count: number, offset: number, voters: number) =>
    ids(
      exec,
      `INSERT INTO vote_types (company_id, round_id, name, form_category, weight, link_id, sort_order,
                               expected_voters, closed_at, counted_at)
       SELECT $1, $2, (CASE WHEN $6 THEN $8::text[] ELSE $9::text[] END)[1 + (i - 1) % 5] || CASE WHEN i > 5 THEN i::text ELSE '' END,
              $3, ($10::float8[])[1 + (i - 1) % 5], gen_random_uuid()::text, i + $4, $5,
              CASE WHEN $6 THEN now() END, CASE WHEN $6 THEN now() END
       FROM generate_series(1, $7::int) AS i
       ORDER BY i
       RETURNING id`,
      [
        companyId,
        roundId,
        family,
        offset,
        voters + Math.ceil(voters / 50),
        closed,
        count,
        GROUP_NAMES,
        GROUP_NAMES.map((n) => `待结束·${n}`),
        GROUP_WEIGHTS,
      ],
    );
  const appraisalTypes = await voteTypes('democratic_appraisal', true, shape.groups, 0, perType);
  const evaluationTypes = await voteTypes('democratic_evaluation', true, shape.groups, 100, perType);
  const openAppraisal = open.types
    ? await voteTypes('democratic_appraisal', false, open.types, 200, open.voters)
    : [];
  const openEvaluation = open.types
    ? await voteTypes('democratic_evaluation', false, open.types, 300, open.voters)
    : [];
  const u = { companyId: companyId!, roundId: roundId!, polls };
  await seedBallots(exec, u, 'democratic_appraisal', appraisalTypes, perType);
  await seedBallots(exec, u, 'democratic_evaluation', evaluationTypes, perType);
  if (open.types) {
    await seedBallots(exec, u, 'democratic_appraisal', openAppraisal, open.voters);
    await seedBallots(exec, u, 'democratic_evaluation', openEvaluation, open.voters);
  }
  return {
    companyId: companyId!,
    roundId: roundId!,
    appraisalTypes,
    evaluationTypes,
    openAppraisal,
    openEvaluation,
  };
}
