import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { cadreTemplate } from '@kaoping/contracts/templates/cadre';
import { companyTemplate } from '@kaoping/contracts/templates/company';
import { newlyPromotedTemplate } from '@kaoping/contracts/templates/newly-promoted';
import { personTemplate } from '@kaoping/contracts/templates/person';
import type { FormSchemaOf } from '@kaoping/contracts/poll-kinds';
import type {
  PublicPoll,
  PublicPollKind,
  PublicVoteTypeView,
  SubmissionBody,
  SubmissionReceipt,
} from '@kaoping/contracts/public-vote-types';
import VoteTypePage from '@/public/vote/vote-type-page';
import { renderRoutes } from './render';

export const LINK = 'link_Test-123';
export const VIEW_PATH = `GET /api/v1/public/polls/vote-type/${LINK}`;
export const SUBMIT_PATH = 'POST /api/v1/public/polls/votes/';

const poll = <K extends PublicPollKind>(
  id: number,
  kind: K,
  t: { title: string; form_schema: FormSchemaOf<K> },
) =>
  ({
    id,
    company_id: 1,
    title: t.title,
    description: '',
    target_type: kind,
    form_schema: structuredClone(t.form_schema),
  }) as PublicPoll<K>;

const base = (over: Partial<PublicVoteTypeView>): PublicVoteTypeView => ({
  link_id: LINK,
  company: { id: 1, name: '华东能源集团' },
  vote_type: {
    name: '中层干部',
    form_category: 'democratic_appraisal',
    opens_at: null,
    closes_at: null,
    status: 'open',
    access_mode: 'link',
    test_mode: false,
  },
  code_state: null,
  ready: true,
  notice: null,
  round_archived: false,
  polls: [],
  targets: [],
  subjects: [],
  posts: [],
  covers: { front: null, back: null },
  already_voted: false,
  ...over,
});

/** 民主测评: the company (1 target) and person (2 targets) polls of the templates: three steps. */
export const appraisalView = (over: Partial<PublicVoteTypeView> = {}) =>
  base({
    polls: [poll(11, 'company', companyTemplate), poll(12, 'person', personTemplate)],
    targets: [
      { id: 1, name: '华东能源集团', type: 'company', title: '领导班子', sort_order: 10 },
      { id: 2, name: '张三', type: 'person', title: '总经理', sort_order: 20 },
      { id: 3, name: '李四', type: 'person', title: '副总经理', sort_order: 30 },
    ],
    ...over,
  });

/** 民主评议: the cadre template (two pages) and the newly promoted table with two subjects. */
export const evaluationView = (over: Partial<PublicVoteTypeView> = {}) =>
  base({
    vote_type: { ...base({}).vote_type, name: '职工代表', form_category: 'democratic_evaluation' },
    polls: [poll(21, 'cadre', cadreTemplate), poll(22, 'newly_promoted', newlyPromotedTemplate)],
    subjects: [
      {
        id: 5,
        name: '王五',
        birth_date: '1985.01',
        previous_position: '主管',
        current_position: '副经理',
        sort_order: 0,
      },
      { id: 6, name: '赵六', birth_date: '', previous_position: '', current_position: '经理', sort_order: 1 },
    ],
    ...over,
  });

/** What the server answers to a stored submission: proof it was counted, no choice, no score. */
export function receiptFor(body: SubmissionBody, over: Partial<SubmissionReceipt> = {}): SubmissionReceipt {
  return {
    receipt_id: `rcpt_${body.submission_id.replace(/-/g, '')}`,
    receipt_code: 'K7QX-M3PD',
    voted_on: '2025-03-01',
    company: { id: 1, name: '华东能源集团' },
    vote_type: { name: '中层干部', form_category: 'democratic_appraisal' },
    ballot_count: body.ballots.length,
    is_test: false,
    ...over,
  };
}

export const renderVotePage = (query = '') =>
  renderRoutes([{ path: '/vote/type/:linkId', element: <VoteTypePage /> }], `/vote/type/${LINK}${query}`);

/** The step on screen (the ballot section). */
export const currentStep = () => document.querySelector<HTMLElement>('.kp-vote-step')!;

/** Answers every required question of the step on screen with its first option. */
export async function fillCurrentStep(user: UserEvent) {
  const step = currentStep();
  for (const group of within(step).queryAllByRole('radiogroup')) {
    await user.click(within(group).getAllByRole('radio')[0]!);
  }
  for (const q of step.querySelectorAll('fieldset.kp-cf-q')) await user.click(q.querySelector('input')!);
  for (const row of step.querySelectorAll('tr.kp-np-row')) await user.click(row.querySelector('input')!);
}

/** Fills every step from the one on screen to the last, ending on the review. */
export async function fillAll(user: UserEvent) {
  while (!screen.queryByRole('heading', { name: '检查并提交' })) {
    await fillCurrentStep(user);
    await user.click(screen.getByRole('button', { name: /^(下一项|去提交)$/ }));
  }
}
