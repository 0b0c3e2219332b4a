import { cadreTemplate } from '@kaoping/contracts/templates/cadre';
import { companyTemplate } from '@kaoping/contracts/templates/company';
import { newlyPromotedTemplate } from '@kaoping/contracts/templates/newly-promoted';
import { personTemplate } from '@kaoping/contracts/templates/person';
import type { PublicPoll } from '@kaoping/contracts/public-vote-types';
import type { PaperForm, PaperSheet } from '@kaoping/contracts/paper-ballots';

const poll = (
  id: number,
  companyId: number,
  t: { title: string; description: string; form_schema: unknown },
  target_type: string,
) =>
  ({
    id,
    company_id: companyId,
    title: t.title,
    description: t.description,
    target_type,
    form_schema: t.form_schema,
  }) as PublicPoll;

const counts = { paper: 0, online: 3, pending: 0, conflict: 0, printed: 50, unkeyed: 50, last_number: 50 };

/** 民主测评 in codes mode: the unit's leadership and two persons. */
export const appraisalForm = (id: number, over: Partial<PaperForm> = {}): PaperForm => ({
  vote_type_id: id,
  name: '中层干部',
  company: { id, name: '华中建工' },
  form_category: 'democratic_appraisal',
  access_mode: 'codes',
  double_entry: false,
  test_mode: false,
  state: 'open',
  count_stage: 'voting',
  round_archived: false,
  ready: true,
  notice: null,
  polls: [poll(11, id, companyTemplate, 'company'), poll(12, id, personTemplate, 'person')],
  targets: [
    { id: 101, name: '华中建工领导班子', type: 'company', title: '', sort_order: 10 },
    { id: 201, name: '张三', type: 'person', title: '总经理', sort_order: 20 },
    { id: 202, name: '李四', type: 'person', title: '副总经理', sort_order: 30 },
  ],
  subjects: [],
  posts: [],
  recommendation_mode: null,
  counts,
  ...over,
});

/** 民主评议 in link mode: the cadre poll and two newly promoted cadres. */
export const evaluationForm = (id: number, over: Partial<PaperForm> = {}): PaperForm => ({
  ...appraisalForm(id),
  name: '职工代表',
  form_category: 'democratic_evaluation',
  access_mode: 'link',
  polls: [poll(21, id, cadreTemplate, 'cadre'), poll(22, id, newlyPromotedTemplate, 'newly_promoted')],
  targets: [],
  subjects: [
    {
      id: 301,
      name: '王五',
      birth_date: '1980.05',
      previous_position: '科长',
      current_position: '副处长',
      sort_order: 0,
    },
    {
      id: 302,
      name: '赵六',
      birth_date: '1985.10',
      previous_position: '主任科员',
      current_position: '科长',
      sort_order: 1,
    },
  ],
  ...over,
});

export const storedSheet = (over: Partial<PaperSheet> = {}): PaperSheet => ({
  id: 1,
  key: 'K7QXM3PD9R',
  label: 'K7QX-M3PD-9R',
  state: 'counted',
  entered_at: '2026-11-23T09:30:00Z',
  entries: 1,
  first: [],
  second: null,
  counted: [],
  entered_by_me: true,
  counts,
  ...over,
});
