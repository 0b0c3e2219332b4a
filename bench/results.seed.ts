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

/** A scoring ballot's answers, skewed towards the better options. */
export function randomAnswers(schema: ScoringFormSchema, rnd: () => number): ScoringAnswers {
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

interface RoundSetup {
  roundId: number;
  pollIds: Record<'company' | 'person', number>;
  voteTypes: number[];
  targets: { id: number; kind: 'company' | 'person' }[];
}

/**
 * Seeds one company; returns its id and its rounds (oldest first, the last one current). The schema must
 * exist (the server's migrations). With `rounds` > 1 the voters are spread evenly over the rounds, each
 * round with its own polls, vote types and targets (copied from the round before, as 开始新一轮测评 does).
 */
export async function seedAppraisal(
  exec: Exec,
  opts: SeedOptions & { rounds?: number },
): Promise<{ companyId: number; ballots: number; rounds: number[] }> {
  const rnd = prng(opts.seed ?? 7);
  const one = async (text: string, params: unknown[]) => (await exec(text, params)).rows[0]!;
  const company = await one(`INSERT INTO companies (name) VALUES ($1) RETURNING id`, [
    `压测单位${randomUUID().slice(0, 8)}`,
  ]);
  const companyId = Number(company.id);
  const schemas = { company: companyTemplate.form_schema, person: personTemplate.form_schema };
  const roundCount = opts.rounds ?? 1;
  const setups: RoundSetup[] = [];
  for (let r = 0; r < roundCount; r++) {
    const current = r === roundCount - 1;
    const year = 2027 - roundCount + r;
    const round = await one(
      `INSERT INTO rounds (company_id, name, year, state, archived_at) VALUES ($1,$2,$3,$4,$5) RETURNING id`,
      [
        companyId,
        `${year}年度`,
        year,
        current ? 'current' : 'archived',
        current ? null : new Date().toISOString(),
      ],
    );
    const roundId = Number(round.id);
    const pollIds: Record<'company' | 'person', number> = { company: 0, person: 0 };
    for (const kind of ['company', 'person'] as const) {
      const t = kind === 'company' ? companyTemplate : personTemplate;
      const row = await one(
        `INSERT INTO polls (company_id, round_id, target_type, title, description, form_schema)
         VALUES ($1,$2,$3,$4,$5,$6) RETURNING id`,
        [companyId, roundId, kind, t.title, t.description, JSON.stringify(t.form_schema)],
      );
      pollIds[kind] = Number(row.id);
    }
    const voteTypes: number[] = [];
    for (let i = 0; i < opts.voteTypes; i++) {
      const row = await one(
        `INSERT INTO vote_types (company_id, round_id, name, form_category, weight, link_id, sort_order,
                                 expected_voters, closed_at)
         VALUES ($1,$2,$3,'democratic_appraisal',$4,$5,$6,$7,$8) RETURNING id`,
        [
          companyId,
          roundId,
          `投票组${i + 1}`,
          10 + 10 * i,
          randomUUID(),
          i,
          Math.ceil(opts.voters / roundCount / opts.voteTypes) + 10,
          current ? null : new Date().toISOString(),
        ],
      );
      voteTypes.push(Number(row.id));
    }
    const previous = setups[r - 1];
    const targets: RoundSetup['targets'] = [];
    for (let i = 0; i < opts.targets; i++) {
      const kind = i === 0 ? 'company' : 'person';
      const row = await one(
        `INSERT INTO vote_targets (company_id, round_id, name, type, title, sort_order, source_target_id)
         VALUES ($1,$2,$3,$4,$5,$6,$7) RETURNING id`,
        [
          companyId,
          roundId,
          kind === 'company' ? '领导班子' : `干部${i}`,
          kind,
          kind === 'company' ? '' : '副总经理',
          10 * (i + 1),
          previous?.targets[i]?.id ?? null,
        ],
      );
      targets.push({ id: Number(row.id), kind });
    }
    setups.push({ roundId, pollIds, voteTypes, targets });
  }

  let subs: unknown[][] = [[], [], [], [], [], []];
  let rows: unknown[][] = [[], [], [], [], [], [], [], []];
  const flush = async () => {
    if (subs[0]!.length) {
      await exec(
        `INSERT INTO submissions (id, company_id, round_id, vote_type_id, form_category, voter_identifier, ballot_count, total_score)
         SELECT id, $1, round, vt, 'democratic_appraisal', voter, n, total
         FROM unnest($2::uuid[], $3::int[], $4::int[], $5::text[], $6::int[], $7::float8[])
           AS t(id, round, vt, voter, n, total)`,
        [companyId, ...subs],
      );
    }
    if (rows[0]!.length) {
      await exec(
        `INSERT INTO votes (submission_id, company_id, round_id, vote_type_id, poll_id, target_id, voter_identifier, answers, score)
         SELECT sid, $1, round, vt, poll, target, voter, answers, score
         FROM unnest($2::uuid[], $3::int[], $4::int[], $5::int[], $6::int[], $7::text[], $8::jsonb[], $9::float8[])
           AS t(sid, round, vt, poll, target, voter, answers, score)`,
        [companyId, ...rows],
      );
    }
    subs = [[], [], [], [], [], []];
    rows = [[], [], [], [], [], [], [], []];
  };

  for (let v = 0; v < opts.voters; v++) {
    const setup = setups[Math.floor((v * roundCount) / opts.voters)]!;
    const submissionId = randomUUID();
    const voteTypeId = setup.voteTypes[v % setup.voteTypes.length]!;
    const voter = `bench-voter-${v.toString().padStart(6, '0')}`;
    let total = 0;
    for (const target of setup.targets) {
      const answers = randomAnswers(schemas[target.kind], rnd);
      const score = scoreBallot(schemas[target.kind], answers);
      total += Math.round(score * 10);
      const values = [
        submissionId,
        setup.roundId,
        voteTypeId,
        setup.pollIds[target.kind],
        target.id,
        voter,
        JSON.stringify(answers),
        score,
      ];
      values.forEach((x, i) => rows[i]!.push(x));
    }
    [submissionId, setup.roundId, voteTypeId, voter, setup.targets.length, total / 10].forEach((x, i) =>
      subs[i]!.push(x),
    );
    if (rows[0]!.length >= BATCH) await flush();
  }
  await flush();
  return { companyId, ballots: opts.voters * opts.targets, rounds: setups.map((x) => x.roundId) };
}
