import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { cadreVotes, submissions, votes } from '../src/db/schema';
import { bearer, createVoteType, currentRoundId } from './helpers/factories';
import type { TestContext } from './helpers/test-app';
import { useUnitWorld } from './helpers/ballot-world';

// Once ballots exist, a questionnaire's structure is what those ballots mean: only its texts may change.
let ctx: TestContext;
let token: string;
let companyId: number;
const w = useUnitWorld();
beforeEach(() => ({ ctx, token, companyId } = w));

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
  const roundId = await currentRoundId(ctx.database.db, companyId);
  const common = {
    submissionId,
    companyId,
    roundId,
    voteTypeId: voteType.id,
    pollId,
    voterIdentifier: 'voter-1',
    answers: {},
  };
  await ctx.database.db.insert(submissions).values({
    id: submissionId,
    companyId,
    roundId,
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

    const retitled = structuredClone(poll.form_schema) as Schema & {
      evaluationGroups: { items?: { id: string; name: string }[] }[];
    };
    retitled.evaluationGroups[1]!.items![0]!.name = '政治素质（含理论学习）';
    expect((await save(poll.id, retitled)).statusCode).toBe(200);

    const rescored = structuredClone(retitled);
    rescored.evaluationGroups[0]!.options[0]!.score = 35;
    const res = await save(poll.id, rescored);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      '该问卷已有 1 份投票记录，只能修改标题、说明和题目文字，不能增删题目或修改选项、分值',
    );
    const stored = await ctx.app.inject({ url: `/api/v1/admin/polls/${poll.id}`, headers: bearer(token) });
    expect(stored.json().form_schema.evaluationGroups[0].options[0]).toMatchObject({
      label: '好',
      score: 40,
    });
    expect(stored.json().form_schema.evaluationGroups[1].items[0].name).toBe('政治素质（含理论学习）');
  });

  it('allows renaming an option before the first ballot', async () => {
    const poll = await importPoll('person');
    const schema = structuredClone(poll.form_schema);
    schema.evaluationGroups[0]!.options[1]!.label = '合格';
    expect((await save(poll.id, schema)).statusCode).toBe(200);
  });

  it.each([
    ['总体评价', (s: Schema) => s.evaluationGroups[0]!.options[1]!, '称职'],
    ['分项评价', (s: Schema) => s.evaluationGroups[1]!.options[0]!, '好'],
    [
      '反向测评',
      (s: Schema) => (s.reverseEvaluation as { options: { label: string }[] }).options[0]!,
      '存在',
    ],
  ])('refuses renaming a %s option once ballots exist (409, nothing saved)', async (group, pick, before) => {
    const poll = await importPoll('person');
    await storeBallot(poll.id, 'democratic_appraisal');
    const schema = structuredClone(poll.form_schema);
    expect(pick(schema).label).toBe(before);
    pick(schema).label = '合格';
    // A text change in the same save is refused with it: nothing of the save is kept.
    (schema as { evaluationGroups: { items?: { name: string }[] }[] }).evaluationGroups[1]!.items![0]!.name =
      '新的题目名称';
    const res = await save(poll.id, schema);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      `该问卷已有 1 份投票记录，选项名称不能再修改：${group}选项“${before}”改为“合格”会改变已投选票和统计结果的含义`,
    );
    const stored = await ctx.app.inject({ url: `/api/v1/admin/polls/${poll.id}`, headers: bearer(token) });
    expect(pick(stored.json().form_schema).label).toBe(before);
    expect(stored.json().form_schema.evaluationGroups[1].items[0].name).not.toBe('新的题目名称');
  });

  it('refuses renaming an option of a cadre choice question once ballots exist', async () => {
    const poll = await importPoll('cadre');
    await storeBallot(poll.id, 'democratic_evaluation');
    const schema = structuredClone(poll.form_schema) as unknown as {
      pages: { questions: { text: string; options: string[] }[] }[];
    };
    schema.pages[0]!.questions[1]!.options[0] = '很好';
    schema.pages[0]!.questions[0]!.text = '总体评价（改写）';
    const res = await save(poll.id, schema);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      '该问卷已有 1 份投票记录，选项名称不能再修改：第 2 题选项“好”改为“很好”会改变已投选票和统计结果的含义',
    );
    const stored = await ctx.app.inject({ url: `/api/v1/admin/polls/${poll.id}`, headers: bearer(token) });
    expect(stored.json().form_schema.pages[0].questions[1].options[0]).toBe('好');
    expect(stored.json().form_schema.pages[0].questions[0].text).toBe('对本单位选人用人工作的总体评价');

    // Texts alone still save.
    const texts = structuredClone(poll.form_schema) as unknown as typeof schema;
    texts.pages[0]!.questions[0]!.text = '总体评价（改写）';
    expect((await save(poll.id, texts)).statusCode).toBe(200);
  });

  it('refuses a removed cadre question once ballots exist', async () => {
    const poll = await importPoll('cadre');
    await storeBallot(poll.id, 'democratic_evaluation');
    const schema = structuredClone(poll.form_schema) as unknown as { pages: { questions: unknown[] }[] };
    schema.pages[0]!.questions.pop();
    expect((await save(poll.id, schema)).statusCode).toBe(409);
  });
});
