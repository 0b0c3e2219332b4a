// Ballots for the results tests, cast through the real submission endpoint (POST /public/polls/votes/),
// so what the results count is exactly what voting stores; nothing is written around the endpoint.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { CadreAnswers, NewlyPromotedAnswers, ScoringAnswers } from '@kaoping/contracts/answers';
import { cadreQuestions, type CadreFormSchema } from '@kaoping/contracts/cadre-schema';
import { NEWLY_PROMOTED_OPINIONS } from '@kaoping/contracts/newly-promoted-schema';
import type { ScoringFormSchema } from '@kaoping/contracts/scoring-schema';
import type { App } from '../../src/app';
import type { Db } from '../../src/db/client';
import { submissions } from '../../src/db/schema';
import {
  bearer,
  createCompany,
  createEvaluationSubject,
  createVoteTarget,
  createVoteType,
} from './factories';

export const ADMIN = '/api/v1/admin';

/** mulberry32: seeded, so a failing random test fails the same way every run. */
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
export const pick = <T>(rnd: () => number, list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;

export interface PollRef<S> {
  id: number;
  schema: S;
}

export async function copyTemplate<S>(app: App, token: string, companyId: number, kind: string) {
  const res = await app.inject({
    method: 'POST',
    url: `${ADMIN}/polls/copy-from-template`,
    headers: bearer(token),
    payload: { company_id: companyId, target_type: kind },
  });
  if (res.statusCode !== 201) throw new Error(`copy template failed: ${res.statusCode} ${res.body}`);
  const poll = res.json<{ id: number; form_schema: S }>();
  return { id: poll.id, schema: poll.form_schema } as PollRef<S>;
}

/** Replaces a poll's form_schema (before any ballot) and answers the saved one. */
export async function saveSchema<S>(app: App, token: string, pollId: number, schema: S): Promise<PollRef<S>> {
  const res = await app.inject({
    method: 'PUT',
    url: `${ADMIN}/polls/${pollId}`,
    headers: bearer(token),
    payload: { form_schema: schema },
  });
  if (res.statusCode !== 200) throw new Error(`save poll failed: ${res.statusCode} ${res.body}`);
  return { id: pollId, schema: res.json<{ form_schema: S }>().form_schema };
}

export interface AppraisalSetup {
  companyId: number;
  company: PollRef<ScoringFormSchema>;
  person: PollRef<ScoringFormSchema>;
  voteTypes: { id: number; name: string; weight: number; linkId: string }[];
  targets: { id: number; type: 'company' | 'person'; name: string }[];
}

/** A company with both scoring polls, weighted vote types, the company target and some persons. */
export async function setupAppraisal(
  app: App,
  token: string,
  opts: { name?: string; persons?: number; weights?: number[]; expected?: number } = {},
): Promise<AppraisalSetup> {
  const companyId = (await createCompany(app, token, opts.name ?? '华东能源有限公司')).id;
  const company = await copyTemplate<ScoringFormSchema>(app, token, companyId, 'company');
  const person = await copyTemplate<ScoringFormSchema>(app, token, companyId, 'person');
  const voteTypes = [];
  for (const [i, weight] of (opts.weights ?? [40, 35, 25]).entries()) {
    const name = ['班子成员', '中层干部', '职工代表', '离退休', '其他'][i] ?? `组${i}`;
    const vt = await createVoteType(app, token, companyId, {
      name,
      weight,
      ...(opts.expected ? { expected_voters: opts.expected } : {}),
    });
    voteTypes.push({ id: vt.id, name, weight, linkId: vt.link_id });
  }
  const targets: AppraisalSetup['targets'] = [];
  const c = await createVoteTarget(app, token, companyId, { type: 'company', name: '领导班子' });
  targets.push({ id: c.id, type: 'company', name: c.name });
  for (let i = 0; i < (opts.persons ?? 3); i++) {
    const p = await createVoteTarget(app, token, companyId, { name: `干部${i + 1}`, title: '副总经理' });
    targets.push({ id: p.id, type: 'person', name: p.name });
  }
  return { companyId, company, person, voteTypes, targets };
}

export function randomScoring(schema: ScoringFormSchema, rnd: () => number): ScoringAnswers {
  const [overall, items] = schema.evaluationGroups;
  const answers: ScoringAnswers = { overall: pick(rnd, overall.options).value, items: {}, reverse: {} };
  for (const item of items.items) answers.items[item.id] = pick(rnd, items.options).value;
  for (const item of schema.reverseEvaluation.items) {
    if (rnd() < 0.3) answers.reverse[item.id] = pick(rnd, schema.reverseEvaluation.options).value;
  }
  return answers;
}

interface Ctx {
  app: App;
  database: { db: Db };
}

/** Submits one voter's whole ballot; answers the submission id. */
async function submit(ctx: Ctx, linkId: string, voter: string, ballots: unknown[]) {
  const id = randomUUID();
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/public/polls/votes/',
    payload: { link_id: linkId, voter_identifier: voter, submission_id: id, ballots },
  });
  if (res.statusCode !== 201) throw new Error(`submit failed: ${res.statusCode} ${res.body}`);
  return id;
}

/**
 * 结束投票 for each vote type: while a vote type is open admins read counts only (issue 26), so the
 * records and figures tests read them after the close.
 */
export async function endVoting(ctx: Ctx, token: string, voteTypes: { id: number }[]) {
  for (const vt of voteTypes) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${ADMIN}/vote-types/${vt.id}/close`,
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.statusCode !== 200) throw new Error(`close failed: ${res.statusCode} ${res.body}`);
  }
}

/**
 * The 随机编号 the records show for a voter's ballot: the test reads it from the database (no admin route
 * leads from a voter's identifier to it, issue 26).
 */
export async function voterKeyOf(ctx: Ctx, voter: string) {
  const [row] = await ctx.database.db
    .select({ key: submissions.voterKey })
    .from(submissions)
    .where(eq(submissions.voterIdentifier, voter));
  if (!row) throw new Error(`no ballot of ${voter}`);
  return row.key;
}

/** One appraisal submission: a ballot per target given (every active target must be there). */
export async function castAppraisal(
  ctx: Ctx,
  s: AppraisalSetup,
  voteTypeId: number,
  voter: string,
  answers: Map<number, ScoringAnswers>,
) {
  const ballots = [...answers].map(([targetId, a]) => ({
    poll_id: s.targets.find((t) => t.id === targetId)?.type === 'company' ? s.company.id : s.person.id,
    target_id: targetId,
    answers: a,
  }));
  return submit(ctx, s.voteTypes.find((v) => v.id === voteTypeId)!.linkId, voter, ballots);
}

export interface EvaluationSetup {
  companyId: number;
  cadre: PollRef<CadreFormSchema>;
  newlyPromoted: PollRef<Record<string, unknown>>;
  voteTypes: { id: number; name: string; linkId: string }[];
  subjects: { id: number; name: string }[];
}

export async function setupEvaluation(
  app: App,
  token: string,
  opts: { name?: string; subjects?: number; voteTypes?: number; companyId?: number } = {},
): Promise<EvaluationSetup> {
  const companyId = opts.companyId ?? (await createCompany(app, token, opts.name ?? '西南电力有限公司')).id;
  const cadre = await copyTemplate<CadreFormSchema>(app, token, companyId, 'cadre');
  const newlyPromoted = await copyTemplate<Record<string, unknown>>(app, token, companyId, 'newly_promoted');
  const voteTypes = [];
  for (let i = 0; i < (opts.voteTypes ?? 2); i++) {
    const name = `评议组${i + 1}`;
    const vt = await createVoteType(app, token, companyId, { name, form_category: 'democratic_evaluation' });
    voteTypes.push({ id: vt.id, name, linkId: vt.link_id });
  }
  const subjects = [];
  for (let i = 0; i < (opts.subjects ?? 3); i++) {
    const s = await createEvaluationSubject(app, token, companyId, {
      name: `新干部${i + 1}`,
      birth_date: '1988.0' + (i + 1),
    });
    subjects.push({ id: s.id, name: s.name });
  }
  return { companyId, cadre, newlyPromoted, voteTypes, subjects };
}

export function randomCadre(schema: CadreFormSchema, rnd: () => number): CadreAnswers {
  const a: CadreAnswers = {};
  for (const q of cadreQuestions(schema)) {
    if (q.type === 'single_choice') a[q.id] = pick(rnd, q.options);
    else if (q.type === 'multiple_choice') {
      const chosen = q.options.filter(() => rnd() < 0.35);
      if (chosen.length) a[q.id] = chosen;
      else a[q.id] = [q.options[0]!];
    } else if (rnd() < 0.5) a[q.id] = `建议${Math.floor(rnd() * 1000)}`;
  }
  return a;
}

export function randomNewlyPromoted(subjectIds: number[], rnd: () => number): NewlyPromotedAnswers {
  const a: NewlyPromotedAnswers = {};
  for (const id of subjectIds) a[`subject_${id}`] = pick(rnd, NEWLY_PROMOTED_OPINIONS);
  if (rnd() < 0.3) a.reason = `原因${Math.floor(rnd() * 1000)}`;
  return a;
}

/** One evaluation submission: the cadre ballot and/or the newly promoted one. */
export async function castEvaluation(
  ctx: Ctx,
  s: EvaluationSetup,
  voteTypeId: number,
  voter: string,
  answers: { cadre?: CadreAnswers; newlyPromoted?: NewlyPromotedAnswers | Record<string, string> },
) {
  const ballots = [];
  if (answers.cadre) ballots.push({ poll_id: s.cadre.id, answers: answers.cadre });
  if (answers.newlyPromoted) ballots.push({ poll_id: s.newlyPromoted.id, answers: answers.newlyPromoted });
  return submit(ctx, s.voteTypes.find((v) => v.id === voteTypeId)!.linkId, voter, ballots);
}

/** Switches a target or subject on or off (a ballot must answer exactly the active ones). */
export async function setActive(
  app: App,
  token: string,
  kind: 'vote-targets' | 'evaluation-subjects',
  id: number,
  isActive: boolean,
) {
  const res = await app.inject({
    method: 'PUT',
    url: `${ADMIN}/${kind}/${id}`,
    headers: bearer(token),
    payload: { is_active: isActive },
  });
  if (res.statusCode !== 200) throw new Error(`switch failed: ${res.statusCode} ${res.body}`);
}
