import { act, fireEvent, screen, within } from '@testing-library/react';
import type { MeetingBoard, MeetingVoteType } from '@kaoping/contracts/meeting';
import { COUNT_STAGE_LABELS } from '@kaoping/contracts/vote-type';
import { afterEach, describe, expect, it, vi } from 'vitest';
import MeetingRoute from '@/app/admin/meeting-route';
import { gridOf, STAGE_LABELS } from '@/public/meeting/meeting-board';
import MeetingSharePage from '@/public/meeting/meeting-share-page';
import { mockFetch, renderRoutes } from './render';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWx';
const SHARE = `GET /api/v1/public/meeting/${TOKEN}`;

function boardWith(voted: number, over: Partial<MeetingBoard> = {}): MeetingBoard {
  return {
    company: { id: 7, name: '华东能源有限公司' },
    has_public_url: true,
    all_closed: false,
    all_counted: false,
    not_counted: ['班子成员', '中层干部'],
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
        status: 'open',
        count_stage: 'voting',
        deleted_ballots: 0,
        opens_at: null,
        closed_at: null,
        issued: 40,
        expected: 40,
        codes_issued: null,
        voted,
        share: Math.round((voted / 40) * 100),
        vote_url: 'http://192.168.1.20:8000/vote/type/abc',
        qr_svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0h1v1H0z"/></svg>',
      },
      {
        vote_type_id: 2,
        name: '中层干部',
        form_category: 'democratic_evaluation',
        recommendation_mode: null,
        access_mode: 'codes',
        test_mode: true,
        status: 'open',
        count_stage: 'voting',
        deleted_ballots: 0,
        opens_at: null,
        closed_at: null,
        issued: 120,
        expected: 100,
        codes_issued: 120,
        voted: 3,
        share: 3,
        vote_url: null,
        qr_svg: null,
      },
    ],
    ...over,
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the projector page (/meeting/{token})', () => {
  it('shows each vote type with its QR or 凭测评码投票, the count against 发出数, and asks again by itself', async () => {
    let voted = 12;
    const calls = mockFetch({ [SHARE]: () => ({ body: boardWith(voted) }) });
    renderRoutes([{ path: '/meeting/:token', element: <MeetingSharePage /> }], `/meeting/${TOKEN}`);
    const leaders = await screen.findByRole('region', { name: '班子成员' });
    expect(within(leaders).getByRole('img', { name: '班子成员投票二维码' })).toBeInTheDocument();
    expect(within(leaders).getByTestId('voted-1')).toHaveTextContent('12');
    expect(within(leaders).getByTestId('base-1')).toHaveTextContent('/ 应到 40');
    expect(within(leaders).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '30');
    expect(within(leaders).getByTestId('share-1')).toHaveTextContent('30%');
    expect(within(leaders).getByTestId('step-1')).toHaveTextContent('投票中');
    const middle = screen.getByRole('region', { name: '中层干部' });
    expect(within(middle).getByText(/凭测评码投票/)).toBeInTheDocument();
    expect(within(middle).getByText('试投票')).toBeInTheDocument();
    // Codes mode: 应到 as set, the codes handed out beside it.
    expect(within(middle).getByTestId('base-2')).toHaveTextContent('/ 应到 100');
    expect(within(middle).getByText(/发出测评码 120 张/)).toBeInTheDocument();
    expect(within(middle).queryByText(/未设应到人数/)).not.toBeInTheDocument();
    // Nothing but counts: no score, share of a grade or voter on the screen.
    expect(screen.queryByText(/得分|优秀|称职|认同/)).not.toBeInTheDocument();

    // Without server-sent events (jsdom has none) the page asks every two seconds.
    voted = 13;
    expect(await screen.findByText('13', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(calls.filter((c) => c.url.pathname === `/api/v1/public/meeting/${TOKEN}`).length).toBeGreaterThan(
      1,
    );
  });

  it('says the link is gone when it was revoked', async () => {
    mockFetch({ [SHARE]: () => ({ status: 404, body: { detail: '大屏链接无效或已撤销' } }) });
    renderRoutes([{ path: '/meeting/:token', element: <MeetingSharePage /> }], `/meeting/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: '大屏链接无效或已撤销' })).toBeInTheDocument();
  });

  it("shows each group's step, and ballots deleted in advanced mode", async () => {
    const b = boardWith(12);
    const [leaders, middle] = b.vote_types as [MeetingVoteType, MeetingVoteType];
    const closed = { status: 'closed' as const, closed_at: '2026-11-23T02:00:00.000Z' };
    b.vote_types = [
      { ...leaders, ...closed, count_stage: 'counting', deleted_ballots: 2 },
      { ...middle, ...closed, count_stage: 'counted', expected: null, share: 3 },
    ];
    mockFetch({ [SHARE]: () => ({ body: b }) });
    renderRoutes([{ path: '/meeting/:token', element: <MeetingSharePage /> }], `/meeting/${TOKEN}`);
    const first = await screen.findByRole('region', { name: '班子成员' });
    expect(within(first).getByTestId('step-1')).toHaveTextContent('投票结束');
    expect(within(first).getByText('手机投票已停止，纸质票计票中')).toBeInTheDocument();
    expect(within(first).getByRole('note')).toHaveTextContent('经高级模式删除 2 张选票（见审计日志）');
    expect(within(first).queryByRole('img')).not.toBeInTheDocument();
    const second = screen.getByRole('region', { name: '中层干部' });
    expect(within(second).getByTestId('step-2')).toHaveTextContent('已完成计票');
    // Without 应到: the count stands against the codes handed out.
    expect(within(second).getByTestId('base-2')).toHaveTextContent('/ 发出 120');
    expect(within(second).queryByRole('note')).not.toBeInTheDocument();
  });

  it('uses the words of the contracts for the three steps', () => {
    expect(STAGE_LABELS).toEqual(COUNT_STAGE_LABELS);
  });

  it('lays up to 8 groups out in at most two rows on a landscape screen', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(gridOf)).toEqual([
      { cols: 1, rows: 1 },
      { cols: 2, rows: 1 },
      { cols: 3, rows: 1 },
      { cols: 2, rows: 2 },
      { cols: 3, rows: 2 },
      { cols: 3, rows: 2 },
      { cols: 4, rows: 2 },
      { cols: 4, rows: 2 },
    ]);
  });

  it('shows an empty board and a closed vote type plainly', async () => {
    mockFetch({ [SHARE]: () => ({ body: boardWith(0, { vote_types: [] }) }) });
    renderRoutes([{ path: '/meeting/:token', element: <MeetingSharePage /> }], `/meeting/${TOKEN}`);
    expect(await screen.findByText('本单位暂无启用的投票类型')).toBeInTheDocument();
  });
});

describe('the signed-in meeting screen (/admin/meeting/{companyId})', () => {
  it('shows the board and makes a share link for the projector', async () => {
    let share: { url: string; path: string } | null = null;
    const calls = mockFetch({
      'GET /api/v1/admin/meeting/7': () => ({ body: boardWith(5) }),
      'GET /api/v1/admin/meeting/7/share': () => ({ body: { share } }),
      'POST /api/v1/admin/meeting/7/share': () => {
        share = { path: `/meeting/${TOKEN}`, url: `http://192.168.1.20:8000/meeting/${TOKEN}` };
        return { status: 201, body: share };
      },
    });
    renderMeeting();
    expect(await screen.findByRole('heading', { name: '华东能源有限公司' })).toBeInTheDocument();
    expect(screen.getByTestId('voted-1')).toHaveTextContent('5');

    fireEvent.click(screen.getByRole('button', { name: /分享链接/ }));
    fireEvent.click(await screen.findByRole('button', { name: '生成分享链接' }));
    expect(await screen.findByDisplayValue(`http://192.168.1.20:8000/meeting/${TOKEN}`)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(true);
  });

  it('says the board is loading while it is read', async () => {
    mockFetch({ 'GET /api/v1/admin/meeting/7': () => ({ body: boardWith(5) }) });
    renderMeeting();
    expect(screen.getByText('正在加载大屏…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '华东能源有限公司' })).toBeInTheDocument();
    expect(screen.queryByText('正在加载大屏…')).not.toBeInTheDocument();
  });

  it('offers a retry when the board cannot be read', async () => {
    mockFetch({ 'GET /api/v1/admin/meeting/8': () => ({ status: 404, body: { detail: '单位不存在' } }) });
    renderMeeting(8);
    expect(await screen.findByText('加载大屏失败', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('单位不存在')).toBeInTheDocument();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    });
  });
});

/** The admin page reads its unit from the route, as routes.tsx mounts it. */
const renderMeeting = (companyId = 7) =>
  renderRoutes(
    [{ path: '/admin/meeting/:companyId', element: <MeetingRoute /> }],
    `/admin/meeting/${companyId}`,
  );
