import { cleanup, screen } from '@testing-library/react';
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
    // After success: the draft is gone and the device keeps the receipt id only, never a choice.
    expect(localStorage.getItem(`kp-vote-draft:${LINK}`)).toBeNull();
    const receiptId = `rcpt_${draft.submission_id.replace(/-/g, '')}`;
    expect(JSON.parse(localStorage.getItem(`kp-vote-receipt:${LINK}`)!)).toEqual({ receipt_id: receiptId });
    const everything = Object.keys(localStorage)
      .map((k) => localStorage.getItem(k))
      .join('\n');
    expect(everything).not.toMatch(/overall|excellent|good/);
    // The receipt proves the ballot was counted: unit, type, day, how many targets, a code; no choice.
    expect(screen.getByText('K7QX-M3PD')).toBeInTheDocument();
    expect(screen.getByText('3 个测评对象')).toBeInTheDocument();
    expect(screen.getByText('2025年3月1日')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看投票回执' })).toHaveAttribute(
      'href',
      `/vote/result/${receiptId}`,
    );
    expect(screen.queryByText('总体评价')).not.toBeInTheDocument();
    expect(screen.queryByText(/分$/)).not.toBeInTheDocument();
  });

  it('retries by itself after a server error, with the same submission_id', async () => {
    let answers = 0;
    const calls = mockFetch({
      [VIEW_PATH]: () => ({ body: appraisalView() }),
      [SUBMIT_PATH]: (req) =>
        ++answers === 1
          ? { status: 503, body: { detail: '服务暂不可用', code: 'SERVER_BUSY' } }
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
      [SUBMIT_PATH]: () => ({
        status: 422,
        body: { detail: '答卷有误：尚未作答：“王五”', code: 'BALLOT_INVALID' },
      }),
    });
    const user = await openFilledReview();
    await user.click(screen.getByRole('button', { name: '提交答卷' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('提交未成功：答卷有误：尚未作答：“王五”');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(localStorage.getItem(`kp-vote-draft:${LINK}`)).not.toBeNull();
  });

  it("turns a 409 '您已完成投票' into the already-voted page and leaves no answers behind", async () => {
    let voted = false;
    mockFetch({
      [VIEW_PATH]: () => ({ body: appraisalView(voted ? { already_voted: true } : {}) }),
      [SUBMIT_PATH]: () => {
        voted = true;
        return { status: 409, body: { detail: '您已完成投票', code: 'ALREADY_VOTED' } };
      },
    });
    const user = await openFilledReview();
    await user.click(screen.getByRole('button', { name: '提交答卷' }));
    expect(await screen.findByRole('heading', { name: '您已完成投票' })).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(localStorage.getItem(`kp-vote-draft:${LINK}`)).toBeNull();
  });

  it("shows '本投票已达到应到人数' when the cap refuses the ballot, and drops the draft", async () => {
    const calls = mockFetch({
      [VIEW_PATH]: () => ({ body: appraisalView() }),
      [SUBMIT_PATH]: () => ({
        status: 409,
        body: { detail: '本投票已达到应到人数，无法继续投票', code: 'CAP_REACHED' },
      }),
    });
    const user = await openFilledReview();
    await user.click(screen.getByRole('button', { name: '提交答卷' }));
    // The same page a full link shows before the cover (status 'full').
    expect(await screen.findByRole('heading', { name: '本投票已达到应到人数' })).toBeInTheDocument();
    expect(screen.getByText(/^收回的答卷已达到组织方设定的应到人数，不再接受新的答卷。/)).toBeInTheDocument();
    expect(screen.getByText('华东能源集团 · 中层干部')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '提交答卷' })).not.toBeInTheDocument();
    expect(localStorage.getItem(`kp-vote-draft:${LINK}`)).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('shows the already-voted page by the code ALREADY_VOTED even when the page read again does not say so', async () => {
    // The page read again still offers the ballot (already_voted false): the refusal's code decides.
    mockFetch({
      [VIEW_PATH]: () => ({ body: appraisalView() }),
      [SUBMIT_PATH]: () => ({ status: 409, body: { detail: '此设备已投过票', code: 'ALREADY_VOTED' } }),
    });
    const user = await openFilledReview();
    await user.click(screen.getByRole('button', { name: '提交答卷' }));
    expect(await screen.findByRole('heading', { name: '您已完成投票' })).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(localStorage.getItem(`kp-vote-draft:${LINK}`)).toBeNull();
  });

  it('decides by the code, not the text: CAP_REACHED in other words is the full page', async () => {
    mockFetch({
      [VIEW_PATH]: () => ({ body: appraisalView() }),
      [SUBMIT_PATH]: () => ({ status: 409, body: { detail: '名额已满', code: 'CAP_REACHED' } }),
    });
    const user = await openFilledReview();
    await user.click(screen.getByRole('button', { name: '提交答卷' }));
    expect(await screen.findByRole('heading', { name: '本投票已达到应到人数' })).toBeInTheDocument();
    expect(localStorage.getItem(`kp-vote-draft:${LINK}`)).toBeNull();
  });

  it("keeps the ballot when another 409 merely reads like the cap's or the already-voted text", async () => {
    for (const detail of ['本投票已达到应到人数，无法继续投票', '您已完成投票']) {
      const calls = mockFetch({
        [VIEW_PATH]: () => ({ body: appraisalView() }),
        [SUBMIT_PATH]: () => ({ status: 409, body: { detail, code: 'DEFINITION_CHANGING' } }),
      });
      const user = await openFilledReview();
      await user.click(screen.getByRole('button', { name: '提交答卷' }));
      // The refusal is shown on the ballot, which stays with its answers for another try.
      expect(await screen.findByRole('alert')).toHaveTextContent(`提交未成功：${detail}`);
      expect(screen.queryByRole('heading', { name: '本投票已达到应到人数' })).not.toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: '您已完成投票' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: '提交答卷' })).toBeInTheDocument();
      expect(localStorage.getItem(`kp-vote-draft:${LINK}`)).not.toBeNull();
      expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
      cleanup();
      localStorage.clear();
    }
  });

  it('shows that the vote has ended when it closes while the voter fills it in', async () => {
    let closed = false;
    mockFetch({
      [VIEW_PATH]: () => {
        const view = appraisalView();
        if (closed) view.vote_type = { ...view.vote_type, status: 'closed' };
        return { body: view };
      },
      [SUBMIT_PATH]: () => {
        closed = true;
        return { status: 403, body: { detail: '投票已结束', code: 'VOTE_CLOSED' } };
      },
    });
    const user = await openFilledReview();
    await user.click(screen.getByRole('button', { name: '提交答卷' }));
    expect(await screen.findByRole('heading', { name: '投票已结束' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '提交答卷' })).not.toBeInTheDocument();
  });
});

describe('a busy server', () => {
  it('waits the Retry-After the server gave, then sends the same ballot again', async () => {
    let answers = 0;
    const calls = mockFetch({
      [VIEW_PATH]: () => ({ body: appraisalView() }),
      [SUBMIT_PATH]: (req) =>
        ++answers === 1
          ? {
              status: 503,
              body: { detail: '服务器繁忙，请稍后重试', code: 'SERVER_BUSY' },
              headers: { 'retry-after': '3' },
            }
          : { status: 201, body: receiptFor(req.body as SubmissionBody) },
    });
    const user = await openFilledReview();
    await user.click(screen.getByRole('button', { name: '提交答卷' }));
    expect(await screen.findByText('服务器繁忙，答卷已保存在本机，稍后自动重新提交。')).toBeInTheDocument();
    // Three seconds as the server said, not the two of a network failure.
    expect(screen.getByText(/将在 3 秒后自动重试（第 1 次）/)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '投票成功' }, { timeout: 6000 })).toBeInTheDocument();
    const ids = calls.filter((c) => c.method === 'POST').map((c) => (c.body as SubmissionBody).submission_id);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(1);
  }, 15_000);
});

describe('a full disk on the server', () => {
  it('keeps the draft, says so, and sends the same ballot again after Retry-After', async () => {
    let answers = 0;
    const calls = mockFetch({
      [VIEW_PATH]: () => ({ body: appraisalView() }),
      [SUBMIT_PATH]: (req) =>
        ++answers === 1
          ? {
              status: 503,
              body: { detail: '服务器存储空间不足，请联系管理员', code: 'STORAGE_FULL' },
              headers: { 'retry-after': '2' },
            }
          : { status: 201, body: receiptFor(req.body as SubmissionBody) },
    });
    const user = await openFilledReview();
    await user.click(screen.getByRole('button', { name: '提交答卷' }));
    expect(
      await screen.findByText('服务器存储空间不足，请告知会务工作人员。答卷已保存在本机，稍后自动重新提交。'),
    ).toBeInTheDocument();
    expect(screen.getByText(/将在 2 秒后自动重试（第 1 次）/)).toBeInTheDocument();
    const draft = JSON.parse(localStorage.getItem(`kp-vote-draft:${LINK}`)!);
    expect(Object.keys(draft.answers)).toEqual(['11:1', '12:2', '12:3']);
    expect(await screen.findByRole('heading', { name: '投票成功' }, { timeout: 6000 })).toBeInTheDocument();
    const ids = calls.filter((c) => c.method === 'POST').map((c) => (c.body as SubmissionBody).submission_id);
    expect(ids).toEqual([draft.submission_id, draft.submission_id]);
    cleanup();
  }, 15_000);
});
