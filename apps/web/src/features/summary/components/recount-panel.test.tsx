import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { companies } from '../../../../test/results-fixtures';
import { mockFetch, renderAdmin, type Handler } from '../../../../test/render';
import { twoRounds } from '../../../../test/rounds-fixtures';
import { unitSummary } from '../../../../test/summary-fixtures';
import type { RecountAnswer } from '../api/recount';
import { minute } from '../lib/format';
import SummaryPage from './summary-page';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 60_000 });
const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  localStorage.clear();
});

const API = '/api/v1/admin';
const RECOUNT = (id: number) => `POST ${API}/companies/${id}/figures/recount`;
const CHECKED_AT = '2026-11-26T06:05:00Z';

const page = (id: number, recount: Handler) =>
  mockFetch({
    [`GET ${API}/companies/`]: () => ({ body: companies(id) }),
    [`GET ${API}/companies/${id}/rounds`]: () => ({ body: twoRounds(id) }),
    [`GET ${API}/companies/${id}/summary`]: () => ({ body: unitSummary(id) }),
    [RECOUNT(id)]: recount,
  });

const consistent: RecountAnswer = {
  checked_at: CHECKED_AT,
  vote_types: [
    { vote_type_id: 1, name: '班子成员', ballots: 600, ok: true, differences: [] },
    { vote_type_id: 2, name: '中层干部', ballots: 2400, ok: true, differences: [] },
    { vote_type_id: 3, name: '民主评议·中层干部', ballots: 2400, ok: true, differences: [] },
  ],
};

const recountButton = () => screen.findByRole('button', { name: /重新核算/ });

describe('重新核算 on the 汇总表 screen', () => {
  it('runs the recount and says all is consistent, with the time, the vote types and the ballots', async () => {
    const calls = page(90, () => ({ body: consistent }));
    renderAdmin(<SummaryPage />, '/admin/summary?company=90');
    fireEvent.click(await recountButton());
    const outcome = await screen.findByTestId('recount-outcome');
    expect(outcome).toHaveTextContent(
      '重新核算一致：3 个票类、5400 张选票，保存的结果与原始选票重新计数完全一致',
    );
    expect(outcome).toHaveTextContent(`核算于 ${minute(CHECKED_AT)}（北京时间）`);
    expect(within(outcome).queryByRole('table')).toBeNull();
    expect(
      calls.filter((c) => c.method === 'POST' && c.url.pathname.endsWith('/figures/recount')),
    ).toHaveLength(1);
    // Closing the message leaves the 汇总表 as it was.
    fireEvent.click(within(outcome).getByRole('button', { name: /close|关闭/i }));
    await waitFor(() => expect(screen.queryByTestId('recount-outcome')).toBeNull());
    expect(screen.getByRole('region', { name: '领导人员汇总表' })).toBeInTheDocument();
  });

  it('lists every difference: vote type, what, the stored figure and the recounted one', async () => {
    page(91, () => ({
      body: {
        checked_at: CHECKED_AT,
        vote_types: [
          { vote_type_id: 1, name: '班子成员', ballots: 600, ok: true, differences: [] },
          {
            vote_type_id: 2,
            name: '中层干部',
            ballots: 2400,
            ok: false,
            differences: [
              { what: '张三 · 优秀票数', stored: 1201, recounted: 1200 },
              { what: '收回票数', stored: 2401, recounted: 2400 },
              { what: '「李四」总体评价“不称职”的票数', stored: null, recounted: 3 },
            ],
          },
        ],
      } satisfies RecountAnswer,
    }));
    renderAdmin(<SummaryPage />, '/admin/summary?company=91');
    fireEvent.click(await recountButton());
    const outcome = await screen.findByTestId('recount-outcome');
    expect(outcome).toHaveTextContent('重新核算发现 3 处不一致：“中层干部”');
    expect(outcome).toHaveTextContent('共 2 个票类、3000 张选票');
    const table = within(outcome).getByRole('table');
    for (const h of ['票类', '项目', '保存值', '重新计数'])
      expect(within(table).getByRole('columnheader', { name: h })).toBeInTheDocument();
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['中层干部', '张三 · 优秀票数', '1201', '1200'],
      ['中层干部', '收回票数', '2401', '2400'],
      ['中层干部', '「李四」总体评价“不称职”的票数', '—', '3'],
    ]);
  });

  it('shows the server’s reason when the recount is refused or fails, and can run again', async () => {
    let refuse = true;
    page(92, () =>
      refuse
        ? { status: 403, body: { detail: '无权查看该单位的结果', code: 'FORBIDDEN' } }
        : { body: consistent },
    );
    renderAdmin(<SummaryPage />, '/admin/summary?company=92');
    fireEvent.click(await recountButton());
    const outcome = await screen.findByTestId('recount-outcome');
    expect(outcome).toHaveTextContent('重新核算失败');
    expect(outcome).toHaveTextContent('无权查看该单位的结果');
    refuse = false;
    fireEvent.click(await recountButton());
    await waitFor(() => expect(screen.getByTestId('recount-outcome')).toHaveTextContent('重新核算一致'));
  });

  it('shows the button busy while the server counts, and nothing else until it answers', async () => {
    page(93, () => ({ body: consistent }));
    const answered = realFetchGate();
    renderAdmin(<SummaryPage />, '/admin/summary?company=93');
    fireEvent.click(await recountButton());
    const busy = await screen.findByRole('button', { name: /正在核算/ });
    expect(busy).toHaveClass('ant-btn-loading');
    expect(screen.queryByTestId('recount-outcome')).toBeNull();
    answered();
    expect(await screen.findByTestId('recount-outcome')).toHaveTextContent('重新核算一致');
    expect(await recountButton()).not.toHaveClass('ant-btn-loading');
  });
});

/** Holds the recount's answer (the mocked network's) until the returned function is called. */
function realFetchGate() {
  const mocked = globalThis.fetch;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).includes('/figures/recount')) await gate;
    return mocked(input, init);
  }) as typeof fetch;
  return open;
}
