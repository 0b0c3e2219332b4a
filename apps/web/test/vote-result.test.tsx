import { screen } from '@testing-library/react';
import type { PublicPollStats, SubmissionBody } from '@kaoping/contracts/public-vote-types';
import { describe, expect, it } from 'vitest';
import VoteCompanyPage from '@/public/vote/vote-company-page';
import VoteResultPage from '@/public/vote/vote-result-page';
import { mockFetch, renderRoutes } from './render';
import { LINK, receiptFor } from './vote-test-utils';

const ID = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const RECEIPT = `rcpt_${ID.replace(/-/g, '')}`;
const result = (id: string) =>
  renderRoutes([{ path: '/vote/result/:id', element: <VoteResultPage /> }], `/vote/result/${id}`);
const company = (id: string) =>
  renderRoutes([{ path: '/vote/:id', element: <VoteCompanyPage /> }], `/vote/${id}`);

const stats: PublicPollStats = {
  poll: { id: 3, title: '新提拔任用干部民主评议表', target_type: 'newly_promoted' },
  company: { id: 1, name: '华东能源集团' },
  vote_types: [
    {
      name: '职工代表',
      ballot_count: 4,
      subjects: [
        {
          subject_id: 5,
          name: '王五',
          count: 4,
          counts: { 认同: 3, 基本认同: 1, 不认同: 0, 不了解: 0 },
          shares: { 认同: 75, 基本认同: 25, 不认同: 0, 不了解: 0 },
          approval_rate: 75,
          approval_or_basic_rate: 100,
          flagged: false,
        },
      ],
    },
  ],
};

describe('/vote/result/{id} and /vote/{id}', () => {
  it('shows the receipt of a receipt id: counted, never how', async () => {
    const body: SubmissionBody = {
      link_id: LINK,
      voter_identifier: 'v'.repeat(32),
      submission_id: ID,
      ballots: [{ poll_id: 11, target_id: 1, answers: {} }],
    };
    mockFetch({ [`GET /api/v1/public/polls/votes/${RECEIPT}`]: () => ({ body: receiptFor(body) }) });
    result(RECEIPT);
    expect(await screen.findByRole('heading', { name: '投票回执' })).toBeInTheDocument();
    expect(screen.getByText('华东能源集团')).toBeInTheDocument();
    expect(screen.getByText('中层干部')).toBeInTheDocument();
    // The day only: a receipt shows no time of day (issue 26).
    expect(screen.getByText('2025年3月1日')).toBeInTheDocument();
    expect(screen.getByText('投票日期')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/\d{1,2}:\d{2}/);
    expect(screen.getByText('1 个测评对象')).toBeInTheDocument();
    expect(screen.getByText('K7QX-M3PD')).toBeInTheDocument();
    expect(screen.queryByText('总体评价')).not.toBeInTheDocument();
  });

  it('marks the receipt of a test ballot as not counted', async () => {
    const body: SubmissionBody = {
      link_id: LINK,
      voter_identifier: 'v'.repeat(32),
      submission_id: ID,
      ballots: [{ poll_id: 11, target_id: 1, answers: {} }],
    };
    mockFetch({
      [`GET /api/v1/public/polls/votes/${RECEIPT}`]: () => ({ body: receiptFor(body, { is_test: true }) }),
    });
    result(RECEIPT);
    expect(await screen.findByText('试投票 · 不计入结果')).toBeInTheDocument();
    expect(screen.getByText(/试投票不计入结果/)).toBeInTheDocument();
  });

  it('shows the public figures of a poll id', async () => {
    mockFetch({ 'GET /api/v1/public/polls/3/stats': () => ({ body: stats }) });
    result('3');
    expect(
      await screen.findByRole('heading', { name: '新提拔任用干部民主评议表 · 投票结果' }),
    ).toBeInTheDocument();
    expect(screen.getByText('有效答卷 4 份')).toBeInTheDocument();
    expect(screen.getByText(/认同 75\.00%/)).toBeInTheDocument();
  });

  it.each([
    ['an unknown receipt', RECEIPT, 404, '回执不存在', '未找到投票结果'],
    ['a poll whose results are not public', '3', 403, '该问卷的结果未公开', '结果未公开'],
  ])('%s gets a clear page', async (_what, id, status, detail, title) => {
    mockFetch({
      [`GET /api/v1/public/polls/votes/${RECEIPT}`]: () => ({ status, body: { detail } }),
      'GET /api/v1/public/polls/3/stats': () => ({ status, body: { detail } }),
    });
    result(id);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(detail))).toBeInTheDocument();
  });

  it('an id that is neither gets a clear page without asking the server', async () => {
    const calls = mockFetch({});
    result('not-an-id');
    expect(await screen.findByRole('heading', { name: '未找到投票结果' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('names the company of a voting entry and explains the way in', async () => {
    mockFetch({
      'GET /api/v1/public/polls/company/1': () => ({
        body: { company: { id: 1, name: '华东能源集团' }, polls: [], has_voted: false },
      }),
    });
    company('1');
    expect(await screen.findByRole('heading', { name: '华东能源集团' })).toBeInTheDocument();
    expect(screen.getByText(/二维码或发送的投票链接进入/)).toBeInTheDocument();
  });

  it('an unknown company (the /vote redirect to 9999) gets a clear page', async () => {
    mockFetch({
      'GET /api/v1/public/polls/company/9999': () => ({ status: 404, body: { detail: '单位不存在' } }),
    });
    company('9999');
    expect(await screen.findByRole('heading', { name: '未找到该投票入口' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
  });
});
