import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MeetingBoard, MeetingSummary } from '@kaoping/contracts/meeting';
import { describe, expect, it } from 'vitest';
import MeetingRoute from '@/app/admin/meeting-route';
import MeetingSharePage from '@/public/meeting/meeting-share-page';
import { mockFetch, renderRoutes } from './render';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWx';

const SUMMARY: MeetingSummary = {
  appraisal: [
    {
      kind: 'company',
      rate_labels: {
        excellent: '优秀率（好）',
        top_two: '称职及以上率（好+较好）',
        bottom: '不称职率（差）',
      },
      targets: [
        {
          name: '领导班子',
          title: '',
          voters: 5,
          excellent_rate: 60,
          top_two_rate: 80,
          bottom_rate: 20,
          weighted_score: 88.5,
          rank: 1,
          flagged: false,
        },
      ],
    },
    {
      kind: 'person',
      rate_labels: {
        excellent: '优秀率（优秀）',
        top_two: '称职及以上率（优秀+称职）',
        bottom: '不称职率（不称职）',
      },
      targets: [
        {
          name: '张三',
          title: '总经理',
          voters: 5,
          excellent_rate: 80,
          top_two_rate: 100,
          bottom_rate: 0,
          weighted_score: 91.2,
          rank: 1,
          flagged: false,
        },
        {
          name: '李四',
          title: '副总经理',
          voters: 5,
          excellent_rate: 20,
          top_two_rate: 40,
          bottom_rate: 60,
          weighted_score: 54,
          rank: 2,
          flagged: true,
        },
      ],
    },
  ],
  cadre_overall: {
    text: '对本单位选人用人工作的总体评价',
    voters: 4,
    options: [
      { option: '好', count: 3, share: 75 },
      { option: '差', count: 1, share: 25 },
    ],
  },
  newly_promoted: { average_approval_rate: 62.5, subjects: [{ name: '王五', approval_rate: 62.5, rank: 1 }] },
};

function board(over: Partial<MeetingBoard> = {}): MeetingBoard {
  return {
    company: { id: 7, name: '华东能源有限公司' },
    has_public_url: true,
    all_closed: true,
    all_counted: true,
    not_counted: [],
    shows_summary: false,
    summary: null,
    generated_at: '2026-11-23T02:00:00.000Z',
    vote_types: [
      {
        vote_type_id: 1,
        name: '班子成员',
        form_category: 'democratic_appraisal',
        recommendation_mode: null,
        access_mode: 'link',
        test_mode: false,
        status: 'closed',
        count_stage: 'counted',
        deleted_ballots: 0,
        opens_at: null,
        closed_at: '2026-11-23T01:50:00.000Z',
        issued: 6,
        expected: 6,
        codes_issued: null,
        voted: 5,
        share: 83,
        vote_url: null,
        qr_svg: null,
      },
    ],
    ...over,
  };
}

describe('the 汇总 on the meeting screen', () => {
  it('shows the figures on the projector page once switched on, flagged rows marked', async () => {
    mockFetch({
      [`GET /api/v1/public/meeting/${TOKEN}`]: () => ({
        body: board({ shows_summary: true, summary: SUMMARY }),
      }),
    });
    renderRoutes([{ path: '/meeting/:token', element: <MeetingSharePage /> }], `/meeting/${TOKEN}`);
    const persons = await screen.findByRole('table', { name: '领导人员测评汇总' });
    expect(
      within(persons).getByRole('columnheader', { name: '称职及以上率（优秀+称职）' }),
    ).toBeInTheDocument();
    const flagged = within(persons).getByText('李四').closest('tr')!;
    expect(flagged).toHaveClass('kp-ms-flagged');
    expect(within(flagged).getByText('预警')).toBeInTheDocument();
    expect(within(flagged).getByText('60.00%')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: '领导班子测评汇总' })).toHaveTextContent('88.50');
    expect(screen.getByLabelText('选人用人工作总体评价')).toHaveTextContent('好 75.00%');
    expect(screen.getByLabelText('新提拔干部认同率')).toHaveTextContent('平均 62.50%');
    expect(screen.queryByRole('region', { name: '班子成员' })).not.toBeInTheDocument();
    // The one rounding rule, stated where the shares are shown.
    expect(screen.getByText(/四舍五入保留两位小数/)).toBeInTheDocument();
  });

  it('shows no figure while the 汇总 is off', async () => {
    mockFetch({ [`GET /api/v1/public/meeting/${TOKEN}`]: () => ({ body: board() }) });
    renderRoutes([{ path: '/meeting/:token', element: <MeetingSharePage /> }], `/meeting/${TOKEN}`);
    expect(await screen.findByRole('region', { name: '班子成员' })).toBeInTheDocument();
    expect(screen.queryByText(/得分|优秀|称职|认同/)).not.toBeInTheDocument();
  });

  it('lets the organiser switch it on after 完成计票 only, through a confirmation that it goes to the hall', async () => {
    let current = board({ all_counted: false, not_counted: ['班子成员'] });
    const calls = mockFetch({
      'GET /api/v1/admin/meeting/7': () => ({ body: current }),
      'PUT /api/v1/admin/meeting/7/summary': (req) => {
        const { show } = req.body as { show: boolean };
        current = board({ shows_summary: show, summary: show ? SUMMARY : null });
        return { body: { shows_summary: show } };
      },
    });
    renderRoutes([{ path: '/admin/meeting/:companyId', element: <MeetingRoute /> }], '/admin/meeting/7');
    const toggle = await screen.findByRole('switch', { name: '在大屏显示汇总' });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription('（班子成员尚未完成计票）');

    current = board();
    // The board is asked again every 1.5 s: the switch comes on with 完成计票.
    await waitFor(() => expect(screen.getByRole('switch', { name: '在大屏显示汇总' })).toBeEnabled(), {
      timeout: 4000,
    });
    fireEvent.click(screen.getByRole('switch', { name: '在大屏显示汇总' }));
    // Nothing is sent before the organiser confirms; cancelling sends nothing.
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('将在会场大屏向全场展示每位干部的得分、排名和预警，确定展示吗？');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(screen.queryByRole('table', { name: '领导人员测评汇总' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('switch', { name: '在大屏显示汇总' }));
    const confirms = await screen.findAllByRole('button', { name: '确定展示' });
    fireEvent.click(confirms.at(-1)!);
    expect(await screen.findByRole('table', { name: '领导人员测评汇总' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ show: true, confirm: true });
  });
});
