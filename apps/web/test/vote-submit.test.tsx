import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SubmissionBody } from '@kaoping/contracts/public-vote-types';
import { describe, expect, it } from 'vitest';
import { mockFetch } from './render';
import {
  appraisalView,
  fillAll,
  LINK,
  receiptFor,
  renderVotePage,
  SUBMIT_PATH,
  VIEW_PATH,
} from './vote-test-utils';

const networkDown = () => {
  throw new TypeError('Failed to fetch');
};

async function openFilledReview() {
  const user = userEvent.setup();
  renderVotePage();
  await screen.findByRole('radiogroup', { name: '总体评价' });
  await fillAll(user);
  return user;
}

describe('submitting the ballot', () => {
  it('keeps the answers after a network failure and retries with the same submission_id', async () => {
    let fail = true;
    const calls = mockFetch({
      [VIEW_PATH]: () => ({ body: appraisalView() }),
      [SUBMIT_PATH]: (req) =>
        fail ? networkDown() : { status: 201, body: receiptFor(req.body as SubmissionBody) },
    });
    const user = await openFilledReview();
    await user.click(screen.getByRole('button', { name: '提交答卷' }));
    expect(await screen.findByText('网络异常，答卷已保存在本机，请稍后重试。')).toBeInTheDocument();
    expect(screen.getByText(/秒后自动重试（第 1 次）/)).toBeInTheDocument();
    // Nothing is lost: the draft is still in localStorage with every answer.
    const draft = JSON.parse(localStorage.getItem(`kp-vote-draft:${LINK}`)!);
    expect(Object.keys(draft.answers)).toEqual(['11:1', '12:2', '12:3']);

    fail = false;
    await user.click(screen.getByRole('button', { name: '立即重试' }));
    expect(await screen.findByRole('heading', { name: '投票成功' })).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.body as SubmissionBody);
    expect(posts).toHaveLength(2);
    expect(posts[1]!.submission_id).toBe(posts[0]!.submission_id);
    expect(posts[1]!.submission_id).toBe(draft.submission_id);
    expect(posts[0]!.ballots).toEqual([
      { poll_id: 11, target_id: 1, answers: expect.objectContaining({ overall: 'good' }) },
      { poll_id: 12, target_id: 2, answers: expect.objectContaining({ overall: 'excellent' }) },
      { poll_id: 12, target_id: 3, answers: expect.objectContaining({ overall: 'excellent' }) },
    ]);
    // After success: the draft is gone, the receipt is remembered and shown.
    expect(localStorage.getItem(`kp-vote-draft:${LINK}`)).toBeNull();
    expect(JSON.parse(localStorage.getItem(`kp-vote-receipt:${LINK}`)!).submission_id).toBe(
      draft.submission_id,
    );
    expect(screen.getByText(draft.submission_id)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: `/vote/result/${draft.submission_id}` })).toBeInTheDocument();
  });

  it('retries by itself after a server error, with the same submission_id', async () => {
    let answers = 0;
    const calls = mockFetch({
      [VIEW_PATH]: () => ({ body: appraisalView() }),
      [SUBMIT_PATH]: (req) =>
        ++answers === 1
          ? { status: 503, body: { detail: '服务暂不可用' } }
          : { status: 201, body: receiptFor(req.body as SubmissionBody) },
    });
    const user = await openFilledReview();
    await user.click(screen.getByRole('button', { name: '提交答卷' }));
    expect(await screen.findByText(/网络异常，答卷已保存在本机/)).toBeInTheDocument();
    // The first automatic retry comes two seconds later, without a tap.
    expect(await screen.findByRole('heading', { name: '投票成功' }, { timeout: 5000 })).toBeInTheDocument();
    const ids = calls.filter((c) => c.method === 'POST').map((c) => (c.body as SubmissionBody).submission_id);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(1);
  });

  it("shows the server's detail for a refused ballot and does not retry it", async () => {
    const calls = mockFetch({
      [VIEW_PATH]: () => ({ body: appraisalView() }),
      [SUBMIT_PATH]: () => ({ status: 422, body: { detail: '答卷有误：尚未作答：“王五”' } }),
    });
    const user = await openFilledReview();
    await user.click(screen.getByRole('button', { name: '提交答卷' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('提交未成功：答卷有误：尚未作答：“王五”');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(localStorage.getItem(`kp-vote-draft:${LINK}`)).not.toBeNull();
  });

  it("turns a 409 '您已完成投票' into the already-voted page with the stored receipt", async () => {
    let voted = false;
    mockFetch({
      [VIEW_PATH]: () => ({
        body: appraisalView(
          voted ? { already_voted: true, submission_id: '11111111-2222-4333-8444-555555555555' } : {},
        ),
      }),
      [SUBMIT_PATH]: () => {
        voted = true;
        return { status: 409, body: { detail: '您已完成投票' } };
      },
      'GET /api/v1/public/polls/votes/11111111-2222-4333-8444-555555555555': () => ({
        body: receiptFor({
          link_id: LINK,
          voter_identifier: 'x'.repeat(32),
          submission_id: '11111111-2222-4333-8444-555555555555',
          ballots: [{ poll_id: 11, target_id: 1, answers: {} }],
        }),
      }),
    });
    const user = await openFilledReview();
    await user.click(screen.getByRole('button', { name: '提交答卷' }));
    expect(await screen.findByRole('heading', { name: '您已完成投票' })).toBeInTheDocument();
    // The receipt is read from the server and shown in full.
    expect(
      await screen.findByRole('link', { name: '/vote/result/11111111-2222-4333-8444-555555555555' }),
    ).toBeInTheDocument();
    expect(screen.getByText('记录的答卷（共 1 份）')).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(localStorage.getItem(`kp-vote-draft:${LINK}`)).toBeNull();
  });
});
