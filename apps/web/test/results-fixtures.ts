// Answers of the results API for the results screens' tests, built with the contracts' own scoring so that
// the figures are the ones the server would send for these ballots.
import type { ScoringAnswers } from '@kaoping/contracts/answers';
import type { EvaluationResults } from '@kaoping/contracts/cadre-results';
import type { AppraisalResults, TargetResult } from '@kaoping/contracts/target-results';
import type { TurnoutRow } from '@kaoping/contracts/turnout';
import { aggregateScoring, weightedScore } from '@kaoping/contracts/scoring';
import { pollTemplate } from '@kaoping/contracts/templates/by-kind';

export const companies = (...ids: number[]) => ({
  items: ids.map((id) => ({ id, name: `测试单位${id}`, created_at: '' })),
  total: ids.length,
});

export const turnoutRow = (id: number, name: string, over: Partial<TurnoutRow> = {}): TurnoutRow => ({
  vote_type_id: id,
  name,
  form_category: 'democratic_appraisal',
  weight: 0,
  is_active: true,
  opens_at: null,
  closes_at: null,
  expected_voters: null,
  access_mode: 'link',
  test_mode: false,
  closed_at: null,
  received: 0,
  // Link mode: 发出数 is the expected number of voters.
  issued: over.expected_voters ?? null,
  rate: null,
  rate_warning: null,
  test_received: 0,
  paper: 0,
  online: over.received ?? 0,
  count_stage: 'voting',
  deleted_ballots: 0,
  figures_hidden: false,
  ...over,
});

export const turnout = (companyId: number, rows: TurnoutRow[]) => ({
  company_id: companyId,
  vote_types: rows,
  received: rows.reduce((a, r) => a + r.received, 0),
  expected: null,
  issued: rows.some((r) => r.issued !== null) ? rows.reduce((a, r) => a + (r.issued ?? 0), 0) : null,
  generated_at: '2025-06-01T01:00:00.000Z',
});

const personSchema = pollTemplate('person').form_schema;
const companySchema = pollTemplate('company').form_schema;
const PERSON_OVERALL = ['excellent', 'competent', 'basically_competent', 'incompetent'];
const LEVELS = ['good', 'fairly_good', 'average', 'poor'];

/** A person ballot where every item takes `level` (0 best … 3 worst), optionally marking one problem. */
export function personBallot(level: number, reverse: string[] = []): ScoringAnswers {
  return {
    overall: PERSON_OVERALL[level]!,
    items: Object.fromEntries(personSchema.evaluationGroups[1].items.map((i) => [i.id, LEVELS[level]!])),
    reverse: Object.fromEntries(reverse.map((id) => [id, 'present'])),
  };
}

function companyBallot(level: number): ScoringAnswers {
  return {
    overall: LEVELS[level]!,
    items: Object.fromEntries(companySchema.evaluationGroups[1].items.map((i) => [i.id, LEVELS[level]!])),
    reverse: {},
  };
}

/** A target that was not in an earlier round (or the unit's first round). */
export const NO_COMPARISON: TargetResult['comparison'] = {
  previous: null,
  change: { weighted_score: null, top_share: null },
};

/** A target with its ballots per vote type (vote type id → answers), figures counted like the server. */
function target(
  id: number,
  name: string,
  type: 'company' | 'person',
  byVoteType: Record<number, ScoringAnswers[]>,
  weights: Record<number, number>,
): TargetResult {
  const schema = type === 'person' ? personSchema : companySchema;
  const parts = Object.entries(byVoteType).map(([vt, ballots]) => ({
    vote_type_id: Number(vt),
    ...aggregateScoring(schema, ballots),
  }));
  return {
    target_id: id,
    name,
    type,
    title: type === 'person' ? '副总经理' : '领导班子',
    is_active: true,
    sort_order: id * 10,
    poll_id: type === 'person' ? 2 : 1,
    weighted_score: weightedScore(
      parts.map((p) => ({
        weight: weights[p.vote_type_id] ?? 0,
        count: p.count,
        total: p.total,
        mean: p.mean,
      })),
    ),
    rank: null,
    combined: aggregateScoring(schema, Object.values(byVoteType).flat()),
    by_vote_type: parts,
    comparison: NO_COMPARISON,
  };
}

/** Three persons and the company across two weighted vote types (班子成员 40%, 中层干部 60%). */
export function appraisalResults(companyId: number): AppraisalResults {
  const weights = { 1: 40, 2: 60 };
  const targets = [
    target(1, '领导班子', 'company', { 1: [companyBallot(0)], 2: [companyBallot(1)] }, weights),
    target(2, '王建国', 'person', { 1: [personBallot(0), personBallot(1)], 2: [personBallot(2)] }, weights),
    target(
      3,
      '李红梅',
      'person',
      { 1: [personBallot(0)], 2: [personBallot(0), personBallot(1, ['formalism'])] },
      weights,
    ),
    target(4, '张志强', 'person', { 1: [personBallot(3)], 2: [personBallot(2)] }, weights),
  ];
  // Competition ranks by weighted score within a target type, as the server gives them.
  for (const t of targets) {
    const better = targets.filter(
      (o) => o.type === t.type && (o.weighted_score ?? 0) > (t.weighted_score ?? 0),
    );
    t.rank = better.length + 1;
  }
  return {
    company: { id: companyId, name: `测试单位${companyId}` },
    form_category: 'democratic_appraisal',
    open_vote_types: [],
    vote_types: [
      turnoutRow(1, '班子成员', {
        weight: 40,
        received: 2,
        expected_voters: 8,
        rate: 25,
        rate_warning: 'under',
      }),
      turnoutRow(2, '中层干部', {
        weight: 60,
        received: 2,
        expected_voters: 30,
        rate: 6.67,
        rate_warning: 'under',
      }),
    ],
    polls: [
      { id: 1, title: '领导班子民主测评表', target_type: 'company', reverse_title: '反向测评' },
      { id: 2, title: '领导人员民主测评表', target_type: 'person', reverse_title: '反向测评' },
    ],
    targets,
    generated_at: '2025-06-01T01:00:00.000Z',
  };
}

const opinions = (a: number, b: number, c: number, d: number) => ({
  认同: a,
  基本认同: b,
  不认同: c,
  不了解: d,
});

/** 民主评议 figures: two cadre questions and a text question, two newly promoted subjects (one flagged). */
export function evaluationResults(companyId: number): EvaluationResults {
  const subject = (id: number, name: string, counts: ReturnType<typeof opinions>, shares: typeof counts) => ({
    id,
    subject_id: id,
    name,
    birth_date: '1985.03',
    previous_position: '副经理',
    current_position: '财务部经理',
    is_active: true,
    count: 6,
    counts,
    shares,
    approval_rate: shares.认同,
    approval_or_basic_rate: Math.round((shares.认同 + shares.基本认同) * 100) / 100,
    flagged: shares.不认同 > 100 / 3,
  });
  return {
    company: { id: companyId, name: `测试单位${companyId}` },
    form_category: 'democratic_evaluation',
    vote_type_id: null,
    open_vote_types: [],
    vote_types: [turnoutRow(3, '职工代表', { form_category: 'democratic_evaluation', received: 6 })],
    threshold: 1 / 3,
    cadre: {
      poll: { id: 3, title: '选人用人工作民主评议表' },
      ballot_count: 6,
      questions: [
        {
          id: 'overall',
          type: 'single_choice',
          text: '对本单位选人用人工作的总体评价',
          answered: 6,
          options: [
            { option: '好', count: 4, share: 66.67 },
            { option: '较好', count: 1, share: 16.67 },
            { option: '一般', count: 1, share: 16.66 },
          ],
          texts: [],
        },
        {
          id: 'suggestions',
          type: 'text_area',
          text: '您对进一步做好选人用人工作的意见和建议',
          answered: 2,
          options: [],
          texts: ['加强干部培训', '进一步公开选拔程序'],
        },
      ],
    },
    newly_promoted: {
      poll: { id: 4, title: '新提拔任用干部民主评议表' },
      reason_question: '您对新提拔任用的干部表示不认同的主要原因是：',
      ballot_count: 6,
      subjects: [
        subject(11, '周明', opinions(5, 1, 0, 0), opinions(83.33, 16.67, 0, 0)),
        subject(12, '郑华', opinions(1, 1, 3, 1), opinions(16.67, 16.67, 50, 16.66)),
      ],
      reasons: ['群众基础一般'],
    },
    generated_at: '2025-06-01T01:00:00.000Z',
  };
}

/** A token whose claims say advanced mode is on for the next hour (the client reads, never verifies). */
export function elevatedToken(): string {
  const b64 = (o: object) =>
    btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const now = Math.floor(Date.now() / 1000);
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: '1', exp: now + 3600, elevated_until: now + 900 })}.sig`;
}
