import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Rankings } from '@kaoping/contracts/rankings';
import RankingsPage from '@/features/rankings/components/rankings-page';
import { mockFetch, renderAdmin } from './render';

configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 60_000 });

const API = '/api/v1/admin';
const year = new Date().getFullYear();
const company = (id: number, name: string) => ({ id, name });
const round = (id: number) => ({ id, name: `${year}年度` });

const rankings = (): Rankings => ({
  year,
  units: [
    {
      company: company(2, '乙公司'),
      round: round(12),
      team_weighted_score: 96.5,
      team_rank: 1,
      cadre_good_share: 40,
      cadre_good_label: '好',
      cadre_rank: 2,
      open_note: null,
    },
    {
      company: company(1, '甲公司'),
      round: round(11),
      team_weighted_score: 90,
      team_rank: 2,
      cadre_good_share: 80.65,
      cadre_good_label: '好',
      cadre_rank: 1,
      open_note: null,
    },
  ],
  leaders: [
    {
      company: company(2, '乙公司'),
      round: round(12),
      target_id: 5,
      name: '王建国',
      title: '总经理',
      weighted_score: 95,
      excellent_rate: 50,
      score_rank: 1,
      excellent_rank: 2,
    },
    {
      company: company(1, '甲公司'),
      round: round(11),
      target_id: 3,
      name: '李红梅',
      title: '副总经理',
      weighted_score: 91.2,
      excellent_rate: 75,
      score_rank: 2,
      excellent_rank: 1,
    },
  ],
  newly_promoted: {
    average: 62.5,
    items: [
      {
        company: company(1, '甲公司'),
        round: round(11),
        subject_id: 7,
        name: '周明',
        count: 8,
        approval_rate: 75,
        rank: 1,
        versus_average: 12.5,
        flagged: false,
      },
      {
        company: company(2, '乙公司'),
        round: round(12),
        subject_id: 9,
        name: '吴敏',
        count: 8,
        approval_rate: 50,
        rank: 2,
        versus_average: -12.5,
        flagged: true,
      },
    ],
  },
  generated_at: '2025-12-01T00:00:00.000Z',
});

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const namesIn = (card: string) =>
  within(screen.getByText(card).closest('.ant-card')! as HTMLElement)
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.textContent);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('跨单位排名 page', () => {
  it('shows the three tables of this year, with ranks, shares and the average', async () => {
    const calls = mockFetch({ [`GET ${API}/rankings`]: () => ({ body: rankings() }) });
    renderAdmin(<RankingsPage />, '/admin/rankings');
    expect(await screen.findByText('96.50')).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname.endsWith('/rankings'))!.url.searchParams.get('year')).toBe(
      String(year),
    );
    expect(within(rowOf('96.50')).getByText('乙公司')).toBeInTheDocument();
    expect(within(rowOf('80.65%')).getByText('甲公司')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /选人用人“好”占比/ })).toBeInTheDocument();
    expect(screen.getByText('62.50%')).toBeInTheDocument();
    expect(within(rowOf('吴敏')).getByText('-12.50')).toBeInTheDocument();
    expect(within(rowOf('吴敏')).getByText('不认同率超过阈值')).toBeInTheDocument();
    expect(within(rowOf('周明')).getByText('+12.50')).toBeInTheDocument();
  });

  it('orders the leaders by weighted score or by 优秀率', async () => {
    mockFetch({ [`GET ${API}/rankings`]: () => ({ body: rankings() }) });
    renderAdmin(<RankingsPage />, '/admin/rankings');
    await screen.findByText('王建国');
    expect(namesIn('领导干部排名')[0]).toContain('王建国');
    fireEvent.click(screen.getByText('按优秀率'));
    await waitFor(() => expect(namesIn('领导干部排名')[0]).toContain('李红梅'));
  });

  it('sorts the units by the 好 share when that column is clicked', async () => {
    mockFetch({ [`GET ${API}/rankings`]: () => ({ body: rankings() }) });
    renderAdmin(<RankingsPage />, '/admin/rankings');
    await screen.findByText('96.50');
    expect(namesIn('单位排名')[0]).toContain('乙公司');
    fireEvent.click(screen.getByRole('columnheader', { name: /选人用人“好”占比/ }));
    await waitFor(() => expect(namesIn('单位排名')[0]).toContain('甲公司'));
  });

  it('keeps a unit without a figure last whichever way a column is sorted', async () => {
    // An earlier year no other test reads (the admin query cache is shared).
    const base = rankings();
    const blank = {
      company: company(3, '丙公司'),
      round: round(13),
      team_weighted_score: null,
      team_rank: null,
      cadre_good_share: null,
      cadre_good_label: null,
      cadre_rank: null,
      open_note: null,
    };
    mockFetch({
      [`GET ${API}/rankings`]: (req) =>
        req.url.searchParams.get('year') === String(year - 3)
          ? { body: { ...base, year: year - 3, units: [...base.units, blank] } }
          : { body: base },
    });
    renderAdmin(<RankingsPage />, '/admin/rankings');
    await screen.findByText('96.50');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '年度' }));
    fireEvent.click(await screen.findByTitle(`${year - 3}年`));
    await waitFor(() => expect(namesIn('单位排名')).toHaveLength(3));
    expect(namesIn('单位排名')[0]).toContain('乙公司');
    expect(namesIn('单位排名')[2]).toContain('丙公司');
    // The team score again: ascending now, the unit without a score still last.
    fireEvent.click(screen.getByRole('columnheader', { name: /领导班子加权得分/ }));
    await waitFor(() => expect(namesIn('单位排名')[0]).toContain('甲公司'));
    expect(namesIn('单位排名')[2]).toContain('丙公司');
    // The 好 share, descending then ascending.
    const good = () => screen.getByRole('columnheader', { name: /选人用人“好”占比/ });
    fireEvent.click(good());
    await waitFor(() => expect(namesIn('单位排名')[0]).toContain('甲公司'));
    expect(namesIn('单位排名')[2]).toContain('丙公司');
    fireEvent.click(good());
    await waitFor(() => expect(namesIn('单位排名')[0]).toContain('乙公司'));
    expect(namesIn('单位排名')[2]).toContain('丙公司');
  });

  it('asks for another year, shows the empty state, and a failed load with a retry', async () => {
    // The admin pages share one query cache with a short stale time: this year was read by the tests
    // above, so the empty and the failing years are earlier ones no other test asks for.
    let fail = true;
    const empty = { ...rankings(), units: [], leaders: [], newly_promoted: { average: null, items: [] } };
    mockFetch({
      [`GET ${API}/rankings`]: (req) => {
        const asked = req.url.searchParams.get('year');
        if (asked === String(year)) return { body: rankings() };
        if (asked === String(year - 2)) return { body: empty };
        return fail ? { status: 500, body: { detail: '服务器内部错误' } } : { body: rankings() };
      },
    });
    renderAdmin(<RankingsPage />, '/admin/rankings');
    expect(await screen.findByText('96.50')).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: '年度' }));
    fireEvent.click(await screen.findByTitle(`${year - 2}年`));
    expect(await screen.findByText('该年度没有可排名的单位')).toBeInTheDocument();
    expect(screen.getByText('该年度没有新提拔干部的评议结果')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /导出 Excel/ })).toBeDisabled();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: '年度' }));
    fireEvent.click(await screen.findByTitle(`${year - 1}年`));
    expect(await screen.findByText('排名加载失败')).toBeInTheDocument();
    expect(screen.getByText('服务器内部错误')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('96.50')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /导出 Excel/ })).toBeEnabled();
  });
});
