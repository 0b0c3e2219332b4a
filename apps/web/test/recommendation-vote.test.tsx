// 民主推荐 on the voter page (issue 30): one post per step, the count against the most allowed, the
// 另提名 boxes, the rules' refusals before submit, the review, and the ballot as sent.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicVoteTypeView, SubmissionBody } from '@kaoping/contracts/public-vote-types';
import type { PublicRecommendationPost } from '@kaoping/contracts/recommendation-rules';
import { describe, expect, it } from 'vitest';
import { mockFetch } from './render';
import {
  appraisalView,
  currentStep,
  receiptFor,
  renderVotePage,
  SUBMIT_PATH,
  VIEW_PATH,
} from './vote-test-utils';

const candidate = (id: number, name: string, current_position = '', birth_date = '') => ({
  id,
  name,
  current_position,
  birth_date,
  note: '',
});

const POSTS: PublicRecommendationPost[] = [
  {
    id: 31,
    name: '副总经理',
    seats: 2,
    max_choices: 2,
    min_choices: null,
    write_in_slots: 1,
    differential: true,
    sort_order: 1,
    candidates: [
      candidate(101, '王强', '生产部经理', '1980.05'),
      candidate(102, '李娜', '财务部经理', '1983.11'),
      candidate(103, '张伟', '营销部经理'),
    ],
  },
  {
    id: 32,
    name: '总会计师',
    seats: 1,
    max_choices: 1,
    min_choices: null,
    write_in_slots: 0,
    differential: true,
    sort_order: 2,
    candidates: [candidate(201, '陈静', '财务部副经理'), candidate(202, '刘洋', '审计部经理')],
  },
];

const recommendationView = (): PublicVoteTypeView =>
  appraisalView({
    vote_type: {
      ...appraisalView().vote_type,
      name: '民主推荐·中层以上',
      form_category: 'democratic_recommendation',
    },
    polls: [],
    targets: [],
    posts: POSTS,
  });

const counter = () => within(currentStep()).getByTestId('rec-counter');
const box = (name: RegExp | string) => within(currentStep()).getByRole('checkbox', { name });

describe('民主推荐 on the voter page', () => {
  it('counts the picks against the most allowed, refuses a repeated write-in, reviews and sends one entry per post', async () => {
    let sent: SubmissionBody | undefined;
    mockFetch({
      [VIEW_PATH]: () => ({ body: recommendationView() }),
      [SUBMIT_PATH]: ({ body }) => {
        sent = body as SubmissionBody;
        return {
          status: 201,
          body: receiptFor(sent, {
            vote_type: { name: '民主推荐·中层以上', form_category: 'democratic_recommendation' },
          }),
        };
      },
    });
    const user = userEvent.setup();
    renderVotePage();

    // The first post: its rule line, the candidates with their positions, the count at 0 of 2.
    expect(await screen.findByRole('heading', { name: '副总经理' })).toBeInTheDocument();
    expect(screen.getByText('推荐职位 1 / 2')).toBeInTheDocument();
    expect(
      screen.getByText('职数 2 名，最多推荐 2 人，参考人选 3 名（差额），另提名 1 栏'),
    ).toBeInTheDocument();
    expect(screen.getByText('生产部经理 · 1980.05生')).toBeInTheDocument();
    expect(counter()).toHaveTextContent('已推荐 0 人 / 最多 2 人');

    // Picking shows the count; at the most allowed the other boxes and the empty write-in close.
    await user.click(box(/王强/));
    expect(counter()).toHaveTextContent('已推荐 1 人 / 最多 2 人');
    const writeIn = screen.getByRole('textbox', { name: '另提名人选 1' });
    await user.type(writeIn, '王强');
    // A write-in of a listed candidate is refused by the rules, in words, before anything is sent.
    expect(within(currentStep()).getByRole('alert')).toHaveTextContent(
      '“副总经理”的另提名人选“王强”已在参考人选中，请直接选择该人选，不要另行填写',
    );
    await user.clear(writeIn);
    // Typed with spaces and a full-width middle dot: sent, reviewed and stored as one spelling.
    await user.type(writeIn, ' 买买提 ・ 艾力 ');
    expect(within(currentStep()).queryByRole('alert')).toBeNull();
    expect(counter()).toHaveTextContent('已推荐 2 人 / 最多 2 人');
    expect(counter()).toHaveTextContent('已达上限');
    expect(box(/李娜/)).toBeDisabled();
    expect(box(/张伟/)).toBeDisabled();
    // Un-ticking one opens the others again.
    await user.click(box(/王强/));
    expect(box(/李娜/)).toBeEnabled();
    await user.click(box(/李娜/));
    expect(box(/李娜/)).toBeChecked();

    // The second post: one seat, no write-in box; the keyboard ticks a candidate.
    await user.click(screen.getByRole('button', { name: '下一项' }));
    expect(await screen.findByRole('heading', { name: '总会计师' })).toBeInTheDocument();
    expect(within(currentStep()).queryByRole('textbox')).toBeNull();
    box(/刘洋/).focus();
    await user.keyboard(' ');
    expect(box(/刘洋/)).toBeChecked();
    expect(box(/陈静/)).toBeDisabled();

    // The review names who is recommended for each post.
    await user.click(screen.getByRole('button', { name: '去提交' }));
    expect(screen.getByRole('heading', { name: '检查并提交' })).toBeInTheDocument();
    const summary = screen.getByRole('list', { name: '推荐情况' });
    expect(summary).toHaveTextContent('1. 副总经理');
    expect(summary).toHaveTextContent('推荐 2 人：李娜、买买提·艾力（另提名）');
    expect(summary).toHaveTextContent('2. 总会计师');
    expect(summary).toHaveTextContent('推荐 1 人：刘洋');
    expect(screen.getByText('全部内容已作答。提交后不能修改，请确认无误后提交。')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '提交答卷' }));
    expect(await screen.findByText('2 个推荐职位')).toBeInTheDocument();
    expect(sent?.ballots).toEqual([
      { post_id: 31, answers: { choices: [102], write_ins: ['买买提·艾力'] } },
      { post_id: 32, answers: { choices: [202], write_ins: [] } },
    ]);
  });

  it('sends an empty post as 弃权 and holds a refused post back in the review', async () => {
    const posts = structuredClone(POSTS);
    posts[0]!.write_in_slots = 2;
    posts[0]!.max_choices = 3;
    let submitted = 0;
    mockFetch({
      [VIEW_PATH]: () => ({ body: { ...recommendationView(), posts } }),
      [SUBMIT_PATH]: ({ body }) => {
        submitted++;
        return { status: 201, body: receiptFor(body as SubmissionBody) };
      },
    });
    const user = userEvent.setup();
    renderVotePage();
    await screen.findByRole('heading', { name: '副总经理' });
    await user.type(screen.getByRole('textbox', { name: '另提名人选 1' }), '赵敏');
    await user.type(screen.getByRole('textbox', { name: '另提名人选 2' }), '赵敏');
    expect(within(currentStep()).getByRole('alert')).toHaveTextContent(
      '“副总经理”的另提名人选“赵敏”填写了两次',
    );

    await user.click(screen.getByRole('button', { name: '下一项' }));
    await user.click(screen.getByRole('button', { name: '去提交' }));
    expect(screen.getByText(/需修改：“副总经理”的另提名人选“赵敏”填写了两次/)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: '推荐情况' })).toHaveTextContent('未推荐任何人（弃权）');
    await user.click(screen.getByRole('button', { name: '提交答卷' }));
    expect(screen.getByRole('alert')).toHaveTextContent('尚未答完或需要修改');
    expect(submitted).toBe(0);

    // Back on the post, the second box emptied: the ballot goes, the second post as 弃权.
    await user.click(screen.getByRole('link', { name: '1. 副总经理' }));
    await user.clear(screen.getByRole('textbox', { name: '另提名人选 2' }));
    await user.click(screen.getByRole('button', { name: '下一项' }));
    await user.click(screen.getByRole('button', { name: '去提交' }));
    await user.click(screen.getByRole('button', { name: '提交答卷' }));
    expect(await screen.findByText('K7QX-M3PD')).toBeInTheDocument();
    expect(submitted).toBe(1);
  });
});
