import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ResultsPage from '@/features/results/components/results-page';
import { mockFetch, renderAdmin } from './render';
import { appraisalResults, companies, turnout, turnoutRow } from './results-fixtures';

// The antd admin tree with tables and charts renders slowly in jsdom, more so on a busy machine.
configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 60_000 });

const API = '/api/v1/admin';
// One company per test: the admin providers share one query cache across the file.
const routes = (id: number, over: Record<string, Parameters<typeof mockFetch>[0][string]> = {}) => ({
  [`GET ${API}/companies/`]: () => ({ body: companies(id) }),
  [`GET ${API}/companies/${id}/results`]: () => ({ body: appraisalResults(id) }),
  [`GET ${API}/votes/turnout`]: () => ({
    body: turnout(id, [
      turnoutRow(1, '班子成员', {
        weight: 40,
        received: 2,
        expected_voters: 8,
        rate: 25,
        rate_warning: 'under',
      }),
      turnoutRow(2, '中层干部', {
        weight: 60,
        received: 2,
        expected_voters: 30,
        rate: 6.67,
        rate_warning: 'under',
      }),
    ]),
  }),
  ...over,
});

/** The figure under a Statistic title (antd splits the digits into spans). */
const stat = (root: HTMLElement, title: string) =>
  within(root)
    .getByText(title, { selector: '.ant-statistic-title' })
    .closest('.ant-statistic')
    ?.querySelector('.ant-statistic-content')?.textContent;

/** Names in the person table, top to bottom. */
const personOrder = () =>
  within(screen.getByTestId('results-person'))
    .getAllByRole('row')
    .map((r) => r.querySelector('td:nth-child(2) strong')?.textContent)
    .filter(Boolean);

beforeEach(() => {
  // jsdom has no object URLs; the download saves through one.
  URL.createObjectURL = vi.fn(() => 'blob:export');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('results page (民主测评)', () => {
  it('asks for a company first', () => {
    mockFetch(routes(40));
    renderAdmin(<ResultsPage />, '/admin/results');
    expect(screen.getByText('请先在页面顶部选择单位')).toBeInTheDocument();
  });

  it('shows the weighted results, ranks and per vote type means from the API, and sorts', async () => {
    const calls = mockFetch(routes(41));
    renderAdmin(<ResultsPage />, '/admin/results?company=41');
    const persons = await screen.findByTestId('results-person');
    // The table's figures (the charts beside it draw the same figures once ECharts has loaded).
    const table = within(persons.querySelector<HTMLElement>('.kp-figures-table')!);
    // Weighted: 李红梅 (40 × 100 + 60 × 86.5) / 100 = 91.90; 王建国 62.60; 张志强 27.00.
    expect(table.getByText('91.90')).toBeInTheDocument();
    expect(table.getByText('62.60')).toBeInTheDocument();
    expect(table.getByText('27.00')).toBeInTheDocument();
    expect(table.getByText('86.50')).toBeInTheDocument();
    expect(table.getByText('班子成员（权重 40%）')).toBeInTheDocument();
    expect(table.getByText('中层干部（权重 60%）')).toBeInTheDocument();
    // Ranked best first by default.
    expect(personOrder()).toEqual(['李红梅', '王建国', '张志强']);
    // Sorting by the mean of 班子成员 (ascending): 张志强 0, 王建国 89, 李红梅 100.
    const meanHeaders = within(persons).getAllByText('平均分（票数）');
    fireEvent.click(meanHeaders[0]!);
    await waitFor(() => expect(personOrder()).toEqual(['张志强', '王建国', '李红梅']));
    // The turnout comes from its own call, asked again on a timer.
    expect(within(screen.getByTestId('turnout-1')).getByText('发出 8 · 收回 2')).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === `${API}/votes/turnout`)).toBe(true);
    expect(
      calls.find((c) => c.url.pathname === `${API}/votes/turnout`)?.url.searchParams.get('form_category'),
    ).toBe('democratic_appraisal');
    // Both charts of each poll (the same figures as the table, for the eye).
    expect((await screen.findAllByRole('img', { name: /加权得分条形图/ })).length).toBe(2);
    // Shares are rounded one by one, never nudged to make 100: said once, under the figures.
    expect(screen.getAllByText(/各占比均按实际票数计算并四舍五入/)).toHaveLength(1);
  });

  it('drills down into one target: overall shares, item means and distributions, reverse items', async () => {
    mockFetch(routes(42));
    renderAdmin(<ResultsPage />, '/admin/results?company=42');
    fireEvent.click(await screen.findByRole('button', { name: '查看李红梅的明细' }));
    const drawer = (await screen.findByText('李红梅 · 测评明细')).closest<HTMLElement>('.ant-drawer')!;
    // Pooled: 3 ballots (100, 100, 73): mean 91.00, 好评率 = 优秀 2 of 3.
    expect(stat(drawer, '平均分')).toBe('91.00');
    expect(stat(drawer, '票数')).toBe('3');
    expect(stat(drawer, '最低分')).toBe('73.00');
    expect(stat(drawer, '好评率（最高档占比）')).toBe('66.67%');
    expect(within(drawer).getByText('2 票（66.67%）')).toBeInTheDocument();
    expect(within(drawer).getByText('履职能力')).toBeInTheDocument();
    // The reverse item one voter marked: 1 of 3.
    const reverse = within(drawer).getByText('工作浮躁、搞形式主义').closest('tr')!;
    expect(within(reverse).getByText('反向')).toBeInTheDocument();
    expect(within(reverse).getByText('1 人')).toBeInTheDocument();
    expect(within(reverse).getByText('33.33%')).toBeInTheDocument();
    // One vote type alone: 中层干部 has 2 ballots (100, 73), mean 86.50.
    fireEvent.click(within(drawer).getByText('中层干部'));
    await waitFor(() => expect(stat(drawer, '平均分')).toBe('86.50'));
  });

  it('shows the empty state without ballots and the error state with a retry', async () => {
    const empty = appraisalResults(43);
    empty.targets = empty.targets.map((t) => ({ ...t, combined: { ...t.combined, count: 0 } }));
    mockFetch(routes(43, { [`GET ${API}/companies/43/results`]: () => ({ body: empty }) }));
    const first = renderAdmin(<ResultsPage />, '/admin/results?company=43');
    expect(await screen.findByText('暂无投票数据')).toBeInTheDocument();
    first.unmount();

    mockFetch(
      routes(44, {
        [`GET ${API}/companies/44/results`]: () => ({ status: 404, body: { detail: '单位不存在' } }),
      }),
    );
    renderAdmin(<ResultsPage />, '/admin/results?company=44');
    expect(await screen.findByText('获取测评结果失败')).toBeInTheDocument();
    expect(screen.getByText('单位不存在')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重\s*试/ })).toBeInTheDocument();
  });

  it('downloads the Excel export with the bearer token and the server file name', async () => {
    const calls = mockFetch(routes(45));
    // The export answers a file, not JSON: wrap the stand-in for that one path.
    const json = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (!url.pathname.endsWith('/results/export.xlsx')) return json(input, init);
      calls.push({ method: 'GET', url, body: undefined, headers: new Headers(init?.headers) });
      return new Response(new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3]), {
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': `attachment; filename="kaoping-export.xlsx"; filename*=UTF-8''${encodeURIComponent('测试单位45-民主测评结果.xlsx')}`,
        },
      });
    }) as typeof fetch;
    localStorage.setItem('access_token', 'token-45');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderAdmin(<ResultsPage />, '/admin/results?company=45');
    fireEvent.click(await screen.findByRole('button', { name: /导出 Excel/ }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const anchor = click.mock.instances[0] as unknown as HTMLAnchorElement;
    expect(anchor.download).toBe('测试单位45-民主测评结果.xlsx');
    const req = calls.find((c) => c.url.pathname === `${API}/companies/45/results/export.xlsx`)!;
    expect(req.url.searchParams.get('form_category')).toBe('democratic_appraisal');
    expect(req.headers.get('authorization')).toBe('Bearer token-45');
    expect(URL.createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    expect(await screen.findByText('已下载 测试单位45-民主测评结果.xlsx')).toBeInTheDocument();
  });
});
