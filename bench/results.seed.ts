// Stores a large appraisal vote straight through the driver (no HTTP), for bench/results.ts: one company,
// its company and person polls from the templates, vote types, targets, and one submission per voter with
// one ballot per target. Random but seeded, so every run stores the same ballots.
import { randomUUID } from 'node:crypto';
import type { ScoringAnswers } from '../packages/contracts/src/answers';
import type { ScoringFormSchema } from '../packages/contracts/src/scoring-schema';
import { scoreBallot } from '../packages/contracts/src/scoring';
import { companyTemplate } from '../packages/contracts/src/templates/company';
import { personTemplate } from '../packages/contracts/src/templates/person';

/** Runs one statement with $n parameters; PGlite and pg both fit. */
export type Exec = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export interface SeedOptions {
  voters: number;
  voteTypes: number;
  targets: number;
  seed?: number;
}

/** mulberry32: a tiny seeded PRNG. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomAnswers(schema: ScoringFormSchema, rnd: () => number): ScoringAnswers {
  const [overall, items] = schema.evaluationGroups;
  // Skewed towards the better options, as real ballots are.
  const pick = <T>(list: readonly T[]) =>
    list[Math.min(list.length - 1, Math.floor(rnd() ** 2 * list.length))]!;
  const answers: ScoringAnswers = { overall: pick(overall.options).value, items: {}, reverse: {} };
  for (const item of items.items) answers.items[item.id] = pick(items.options).value;
  for (const item of schema.reverseEvaluation.items) {
    if (rnd() < 0.1) answers.reverse[item.id] = pick(schema.reverseEvaluation.options).value;
  }
  return answers;
}

const BATCH = 4000;

/** Seeds one company; returns its id. The schema must exist (the server's migrations). */
export async function seedAppraisal(
  exec: Exec,
  opts: SeedOptions,
): Promise<{ companyId: number; ballots: number }> {
  const rnd = prng(opts.seed ?? 7);
  const one = async (text: string, params: unknown[]) => (await exec(text, params)).rows[0]!;
  const company = await one(`INSERT INTO companies (name) VALUES ($1) RETURNING id`, [
    `压测单位${randomUUID().slice(0, 8)}`,
  ]);
  const companyId = Number(company.id);
  const pollIds: Record<'company' | 'person', number> = { company: 0, person: 0 };
  const schemas = { company: companyTemplate.form_schema, person: personTemplate.form_schema };
  for (const kind of ['company', 'person'] as const) {
    const t = kind === 'company' ? companyTemplate : personTemplate;
    const row = await one(
      `INSERT INTO polls (company_id, target_type, title, description, form_schema) VALUES ($1,$2,$3,$4,$5) RETURNING id`,
      [companyId, kind, t.title, t.description, JSON.stringify(t.form_schema)],
    );
    pollIds[kind] = Number(row.id);
  }
  const voteTypes: number[] = [];
  for (let i = 0; i < opts.voteTypes; i++) {
    const row = await one(
      `INSERT INTO vote_types (company_id, name, form_category, weight, link_id, sort_order, expected_voters)
       VALUES ($1,$2,'democratic_appraisal',$3,$4,$5,$6) RETURNING id`,
      [
        companyId,
        `投票组${i + 1}`,
        10 + 10 * i,
        randomUUID(),
        i,
        Math.ceil(opts.voters / opts.voteTypes) + 10,
      ],
    );
    voteTypes.push(Number(row.id));
  }
  const targets: { id: number; kind: 'company' | 'person' }[] = [];
  for (let i = 0; i < opts.targets; i++) {
    const kind = i === 0 ? 'company' : 'person';
    const row = await one(
      `INSERT INTO vote_targets (company_id, name, type, title, sort_order) VALUES ($1,$2,$3,$4,$5) RETURNING id`,
      [
        companyId,
        kind === 'company' ? '领导班子' : `干部${i}`,
        kind,
        kind === 'company' ? '' : '副总经理',
        10 * (i + 1),
      ],
    );
    targets.push({ id: Number(row.id), kind });
  }

  let subs: unknown[][] = [[], [], [], [], []];
  let rows: unknown[][] = [[], [], [], [], [], [], [], []];
  const flush = async () => {
    if (subs[0]!.length) {
      await exec(
        `INSERT INTO submissions (id, company_id, vote_type_id, form_category, voter_identifier, ballot_count, total_score)
         SELECT id, $1, vt, 'democratic_appraisal', voter, n, total
         FROM unnest($2::uuid[], $3::int[], $4::text[], $5::int[], $6::float8[]) AS t(id, vt, voter, n, total)`,
        [companyId, ...subs],
      );
    }
    if (rows[0]!.length) {
      await exec(
        `INSERT INTO votes (submission_id, company_id, vote_type_id, poll_id, target_id, voter_identifier, answers, score)
         SELECT sid, $1, vt, poll, target, voter, answers, score
         FROM unnest($2::uuid[], $3::int[], $4::int[], $5::int[], $6::text[], $7::jsonb[], $8::float8[])
           AS t(sid, vt, poll, target, voter, answers, score)`,
        [companyId, ...rows.slice(0, 7)],
      );
    }
    subs = [[], [], [], [], []];
    rows = [[], [], [], [], [], [], [], []];
  };

  for (let v = 0; v < opts.voters; v++) {
    const submissionId = randomUUID();
    const voteTypeId = voteTypes[v % voteTypes.length]!;
    const voter = `bench-voter-${v.toString().padStart(6, '0')}`;
    let total = 0;
    for (const target of targets) {
      const answers = randomAnswers(schemas[target.kind], rnd);
      const score = scoreBallot(schemas[target.kind], answers);
      total += Math.round(score * 10);
      const values = [
        submissionId,
        voteTypeId,
        pollIds[target.kind],
        target.id,
        voter,
        JSON.stringify(answers),
        score,
      ];
      values.forEach((x, i) => rows[i]!.push(x));
    }
    [submissionId, voteTypeId, voter, targets.length, total / 10].forEach((x, i) => subs[i]!.push(x));
    if (rows[0]!.length >= BATCH) await flush();
  }
  await flush();
  return { companyId, ballots: opts.voters * opts.targets };
}
