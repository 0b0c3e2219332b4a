import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cadreVotes, submissions, votes } from '../src/db/schema';
import { bearer, createAdmin, createCompany, createVoteType } from './helpers/factories';
import { createTestContext, type TestContext } from './helpers/test-app';

// Once ballots exist, a questionnaire's structure is what those ballots mean: only its texts may change.
let ctx: TestContext;
let token: string;
let companyId: number;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.reset();
  token = await createAdmin(ctx.app);
  companyId = (await createCompany(ctx.app, token)).id;
});

type Schema = Record<string, unknown> & {
  evaluationGroups: { options: { label: string; score: number }[] }[];
};

async function importPoll(targetType: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/admin/polls/copy-from-template',
    headers: bearer(token),
    payload: { company_id: companyId, target_type: targetType },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number; form_schema: Schema }>();
}

/** Stores one ballot row for the poll, as the voting endpoint would. */
async function storeBallot(pollId: number, family: 'democratic_appraisal' | 'democratic_evaluation') {
  const voteType = await createVoteType(ctx.app, token, companyId, { form_category: family });
  const submissionId = randomUUID();
  const common = {
    submissionId,
    companyId,
    voteTypeId: voteType.id,
    pollId,
    voterIdentifier: 'voter-1',
    answers: {},
  };
  await ctx.database.db.insert(submissions).values({
    id: submissionId,
    companyId,
    voteTypeId: voteType.id,
    formCategory: family,
    voterIdentifier: 'voter-1',
    ballotCount: 1,
  });
  if (family === 'democratic_appraisal')
    await ctx.database.db.insert(votes).values({ ...common, targetId: 1, score: 90 });
  else await ctx.database.db.insert(cadreVotes).values({ ...common, pollKind: 'cadre' });
}

const save = (id: number, form_schema: unknown) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/v1/admin/polls/${id}`,
    headers: bearer(token),
    payload: { form_schema },
  });

describe('editing a questionnaire after voting started', () => {
  it('allows any change before the first ballot', async () => {
    const poll = await importPoll('company');
    const schema = structuredClone(poll.form_schema);
    schema.evaluationGroups[0]!.options[0]!.score = 35;
    expect((await save(poll.id, schema)).statusCode).toBe(200);
  });

  it('keeps texts editable but refuses a changed score once ballots exist, saving nothing', async () => {
    const poll = await importPoll('company');
    await storeBallot(poll.id, 'democratic_appraisal');

    const relabelled = structuredClone(poll.form_schema);
    relabelled.evaluationGroups[0]!.options[0]!.label = '优秀';
    expect((await save(poll.id, relabelled)).statusCode).toBe(200);

    const rescored = structuredClone(relabelled);
    rescored.evaluationGroups[0]!.options[0]!.score = 35;
    const res = await save(poll.id, rescored);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('该问卷已有 1 份投票记录，只能修改文字，不能增删题目或修改选项、分值');
    const stored = await ctx.app.inject({ url: `/api/v1/admin/polls/${poll.id}`, headers: bearer(token) });
    expect(stored.json().form_schema.evaluationGroups[0].options[0]).toMatchObject({
      label: '优秀',
      score: 40,
    });
  });

  it('refuses a removed cadre question once ballots exist', async () => {
    const poll = await importPoll('cadre');
    await storeBallot(poll.id, 'democratic_evaluation');
    const schema = structuredClone(poll.form_schema) as unknown as { pages: { questions: unknown[] }[] };
    schema.pages[0]!.questions.pop();
    expect((await save(poll.id, schema)).statusCode).toBe(409);
  });
});
