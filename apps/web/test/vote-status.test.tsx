import { screen } from '@testing-library/react';
import type { SubmissionBody } from '@kaoping/contracts/public-vote-types';
import { describe, expect, it } from 'vitest';
import { mockFetch } from './render';
import { appraisalView, LINK, receiptFor, renderVotePage, VIEW_PATH } from './vote-test-utils';

const ID = '0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9';
const receipt = receiptFor({
  link_id: LINK,
  voter_identifier: 'v'.repeat(32),
  submission_id: ID,
  ballots: [{ poll_id: 11, target_id: 1, answers: {} }],
} satisfies SubmissionBody);
const RECEIPT_PATH = `GET /api/v1/public/polls/votes/${receipt.receipt_id}`;

describe('a voter who already voted, and links that cannot be voted on', () => {
  it('shows 您已完成投票 and reads the receipt kept by its id when the server says this voter voted', async () => {
    localStorage.setItem(`kp-vote-receipt:${LINK}`, JSON.stringify({ receipt_id: receipt.receipt_id }));
    mockFetch({
      [VIEW_PATH]: () => ({ body: appraisalView({ already_voted: true }) }),
      [RECEIPT_PATH]: () => ({ body: receipt }),
    });
    renderVotePage();
    expect(await screen.findByRole('heading', { name: '您已完成投票' })).toBeInTheDocument();
    expect(await screen.findByText('K7QX-M3PD')).toBeInTheDocument();
    expect(screen.getByText('1 个测评对象')).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /提交/ })).not.toBeInTheDocument();
  });

  it('says this device voted even when the network is down, with the link to the receipt', async () => {
    localStorage.setItem(`kp-vote-receipt:${LINK}`, JSON.stringify({ receipt_id: receipt.receipt_id }));
    mockFetch({
      [VIEW_PATH]: () => {
        throw new TypeError('Failed to fetch');
      },
      [RECEIPT_PATH]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderVotePage();
    expect(await screen.findByRole('heading', { name: '您已完成投票' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看投票回执' })).toHaveAttribute(
      'href',
      `/vote/result/${receipt.receipt_id}`,
    );
  });

  it('deletes a receipt an older version kept with every choice', async () => {
    localStorage.setItem(
      `kp-vote-receipt:${LINK}`,
      JSON.stringify({ submission_id: ID, ballots: [{ answers: { overall: 'good' } }] }),
    );
    mockFetch({ [VIEW_PATH]: () => ({ body: appraisalView() }) });
    renderVotePage();
    expect(await screen.findByRole('radiogroup', { name: '总体评价' })).toBeInTheDocument();
    expect(localStorage.getItem(`kp-vote-receipt:${LINK}`)).toBeNull();
  });

  it.each([
    ['closed', '投票已结束'],
    ['not_started', '投票尚未开始'],
    ['inactive', '该投票已停用'],
    ['full', '本投票已达到应到人数'],
  ] as const)('a %s vote type shows a clear page: %s', async (status, title) => {
    const view = appraisalView({ ready: false, polls: [], targets: [] });
    view.vote_type = { ...view.vote_type, status, opens_at: '2030-01-01T01:00:00.000Z' };
    mockFetch({ [VIEW_PATH]: () => ({ body: view }) });
    renderVotePage();
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText('华东能源集团 · 中层干部')).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
  });

  it('a full link still shows 您已完成投票 and the receipt to the voter who voted there', async () => {
    localStorage.setItem(`kp-vote-receipt:${LINK}`, JSON.stringify({ receipt_id: receipt.receipt_id }));
    const view = appraisalView({ ready: false, polls: [], targets: [], already_voted: true });
    view.vote_type = { ...view.vote_type, status: 'full' };
    mockFetch({ [VIEW_PATH]: () => ({ body: view }), [RECEIPT_PATH]: () => ({ body: receipt }) });
    renderVotePage();
    expect(await screen.findByRole('heading', { name: '您已完成投票' })).toBeInTheDocument();
    expect(await screen.findByText('K7QX-M3PD')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '本投票已达到应到人数' })).not.toBeInTheDocument();
  });

  it('a reloaded success page (#receipt= of the receipt this device kept) shows 投票成功 and the receipt', async () => {
    localStorage.setItem(`kp-vote-receipt:${LINK}`, JSON.stringify({ receipt_id: receipt.receipt_id }));
    mockFetch({
      [VIEW_PATH]: () => ({ body: appraisalView({ already_voted: true }) }),
      [RECEIPT_PATH]: () => ({ body: receipt }),
    });
    renderVotePage(`#receipt=${receipt.receipt_id}`);
    expect(await screen.findByRole('heading', { name: '投票成功' })).toBeInTheDocument();
    expect(await screen.findByText('K7QX-M3PD')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '回执查询' })).toHaveAttribute('href', '/vote/result');
  });

  it('a #receipt= this device did not keep is not taken for its own ballot', async () => {
    mockFetch({ [VIEW_PATH]: () => ({ body: appraisalView() }) });
    renderVotePage(`#receipt=${receipt.receipt_id}`);
    expect(await screen.findByRole('radiogroup', { name: '总体评价' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '投票成功' })).not.toBeInTheDocument();
  });

  it('a link of an archived round (测评批次) says 本轮测评已结束, not just closed', async () => {
    const view = appraisalView({
      ready: false,
      polls: [],
      targets: [],
      round_archived: true,
      notice: '本轮测评已结束',
    });
    view.vote_type = { ...view.vote_type, status: 'closed', closes_at: '2026-06-01T01:00:00.000Z' };
    mockFetch({ [VIEW_PATH]: () => ({ body: view }) });
    renderVotePage();
    expect(await screen.findByRole('heading', { name: '本轮测评已结束' })).toBeInTheDocument();
    expect(screen.getByText('华东能源集团 · 中层干部')).toBeInTheDocument();
    expect(screen.getByText(/不再接受答卷/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '投票已结束' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
  });

  it('an open vote type that is not set up shows the notice', async () => {
    mockFetch({
      [VIEW_PATH]: () => ({ body: appraisalView({ ready: false, notice: '尚未设置单位问卷', polls: [] }) }),
    });
    renderVotePage();
    expect(await screen.findByRole('heading', { name: '投票暂不可用' })).toBeInTheDocument();
    expect(screen.getByText('尚未设置单位问卷')).toBeInTheDocument();
  });

  it('an unknown link shows the server detail', async () => {
    mockFetch({
      [VIEW_PATH]: () => ({ status: 404, body: { detail: '投票链接无效或已失效', code: 'LINK_UNKNOWN' } }),
    });
    renderVotePage();
    expect(await screen.findByRole('heading', { name: '投票链接无效' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('投票链接无效或已失效');
  });

  it('a network failure on opening offers a retry', async () => {
    let down = true;
    mockFetch({
      [VIEW_PATH]: () => {
        if (down) throw new TypeError('Failed to fetch');
        return { body: appraisalView() };
      },
    });
    renderVotePage();
    const retry = await screen.findByRole('button', { name: '重试' });
    down = false;
    retry.click();
    expect(await screen.findByRole('radiogroup', { name: '总体评价' })).toBeInTheDocument();
  });
});
