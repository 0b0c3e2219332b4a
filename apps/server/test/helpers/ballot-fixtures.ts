import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { BallotEntryInput, SubmissionBody } from '@kaoping/contracts/public-vote-types';
import { pollTemplate } from '@kaoping/contracts/templates/by-kind';
import type { App } from '../../src/app';
import type { Db } from '../../src/db/client';
import {
  bearer,
  createCompany,
  createEvaluationSubject,
  createVoteTarget,
  createVoteType,
} from './factories';

export const PUBLIC = '/api/v1/public/polls';

interface Poll {
  id: number;
  title: string;
  target_type: string;
}
interface Ref {
  id: number;
  name: string;
}
interface VoteType {
  id: number;
  link_id: string;
}

/** A realistic company: four polls from the templates, a roster with inactive rows, both families. */
export interface BallotFixture {
  company: Ref;
  polls: Record<'company' | 'person' | 'cadre' | 'newly_promoted', Poll>;
  companyTarget: Ref;
  persons: Ref[];
  inactiveTarget: Ref;
  subjects: Ref[];
  inactiveSubject: Ref;
  appraisal: VoteType;
  evaluation: VoteType;
}

async function copyTemplate(app: App, token: string, companyId: number, kind: string): Promise<Poll> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/polls/copy-from-template',
    headers: bearer(token),
    payload: { company_id: companyId, target_type: kind },
  });
  if (res.statusCode !== 201) throw new Error(`copy template failed: ${res.statusCode} ${res.body}`);
  return res.json<Poll>();
}

export async function buildBallotFixture(
  app: App,
  token: string,
  opts: { name?: string; persons?: number } = {},
): Promise<BallotFixture> {
  const company = await createCompany(app, token, opts.name ?? '华东能源有限公司');
  const c = company.id;
  const polls = {
    company: await copyTemplate(app, token, c, 'company'),
    person: await copyTemplate(app, token, c, 'person'),
    cadre: await copyTemplate(app, token, c, 'cadre'),
    newly_promoted: await copyTemplate(app, token, c, 'newly_promoted'),
  };
  const companyTarget = await createVoteTarget(app, token, c, { type: 'company', name: '领导班子' });
  const names = ['王建国', '李红梅', '张志强', '刘洋', '陈静', '杨帆', '赵磊', '黄丽'];
  const persons: Ref[] = [];
  for (let i = 0; i < (opts.persons ?? 3); i++) {
    persons.push(await createVoteTarget(app, token, c, { name: names[i % names.length], title: '副总经理' }));
  }
  const inactiveTarget = await createVoteTarget(app, token, c, { name: '已调离', is_active: false });
  const subjects = [
    await createEvaluationSubject(app, token, c, { name: '周明', current_position: '财务部经理' }),
    await createEvaluationSubject(app, token, c, { name: '吴敏', current_position: '办公室主任' }),
  ];
  const inactiveSubject = await createEvaluationSubject(app, token, c, { name: '郑停用', is_active: false });
  const appraisal = await createVoteType(app, token, c, { name: '班子成员' });
  const evaluation = await createVoteType(app, token, c, {
    name: '中层干部',
    form_category: 'democratic_evaluation',
  });
  return {
    company,
    polls,
    companyTarget,
    persons,
    inactiveTarget,
    subjects,
    inactiveSubject,
    appraisal,
    evaluation,
  };
}

const companyItems = pollTemplate('company').form_schema.evaluationGroups[1].items.map((i) => i.id);
const personItems = pollTemplate('person').form_schema.evaluationGroups[1].items.map((i) => i.id);

// The person poll's overall options are 优秀/称职/基本称职/不称职; items use 好/较好/一般/差 like the company's.
const PERSON_OVERALL: Record<string, string> = {
  good: 'excellent',
  fairly_good: 'competent',
  average: 'basically_competent',
  poor: 'incompetent',
};

/** A full scoring answer: every item with `value`, optional reverse marks. */
export function scoringAnswers(
  kind: 'company' | 'person',
  value = 'good',
  reverse: Record<string, string> = {},
) {
  const ids = kind === 'company' ? companyItems : personItems;
  const overall = kind === 'company' ? value : (PERSON_OVERALL[value] ?? value);
  return { overall, items: Object.fromEntries(ids.map((id) => [id, value])), reverse };
}

/** The whole appraisal ballot: the company target with the company poll, each person with the person poll. */
export function appraisalEntries(f: BallotFixture): BallotEntryInput[] {
  return [
    { poll_id: f.polls.company.id, target_id: f.companyTarget.id, answers: scoringAnswers('company') },
    ...f.persons.map((p) => ({
      poll_id: f.polls.person.id,
      target_id: p.id,
      answers: scoringAnswers('person'),
    })),
  ];
}

/** The whole evaluation ballot: the cadre poll and the newly promoted poll (every active subject). */
export function evaluationEntries(f: BallotFixture): BallotEntryInput[] {
  return [
    {
      poll_id: f.polls.cadre.id,
      answers: { overall: '好', supervision: '较好', problems: ['不存在突出问题'], suggestions: '加强培训' },
    },
    {
      poll_id: f.polls.newly_promoted.id,
      answers: { ...Object.fromEntries(f.subjects.map((s) => [`subject_${s.id}`, '认同'])), reason: '' },
    },
  ];
}

export const newVoter = () => `v-${randomBytes(9).toString('base64url')}`;

/** A submission of a questionnaire family (民主测评, 民主评议): its entries are poll entries. */
export type PollSubmission = Omit<SubmissionBody, 'ballots'> & { ballots: BallotEntryInput[] };

export function submission(
  f: BallotFixture,
  family: 'appraisal' | 'evaluation' = 'appraisal',
  over: Partial<PollSubmission> = {},
): PollSubmission {
  return {
    link_id: f[family].link_id,
    voter_identifier: newVoter(),
    submission_id: randomUUID(),
    ballots: family === 'appraisal' ? appraisalEntries(f) : evaluationEntries(f),
    ...over,
  };
}

export const submit = (app: App, body: unknown) =>
  app.inject({ method: 'POST', url: `${PUBLIC}/votes/`, payload: body as object });

/** Rows in the three ballot tables: a refused ballot must leave them unchanged. */
export async function countRows(db: Db) {
  const res = (await db.execute(
    sql`SELECT (SELECT count(*) FROM submissions)::int AS submissions, (SELECT count(*) FROM votes)::int AS votes,
               (SELECT count(*) FROM cadre_votes)::int AS cadre_votes`,
  )) as unknown as { rows: { submissions: number; votes: number; cadre_votes: number }[] };
  return res.rows[0]!;
}
