import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CodeItem, CodeList } from '@kaoping/contracts/ballot-codes-api';
import type { VoteType } from '@kaoping/contracts/vote-type';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminProviders } from '@/app/admin/admin-providers';
import CodesPage from '@/features/ballot-codes/components/codes-page';
import { mockFetch, renderRoutes } from './render';
import { voteTypeFixture } from './vote-type-fixture';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 60_000 });

const API = '/api/v1/admin';
// The admin providers share one query cache across tests: every test has a company of its own.
let cid = 70;

const voteType = (over: Partial<VoteType> = {}): VoteType =>
  voteTypeFixture(cid, '班子成员', {
    company_id: cid,
    sort_order: 1,
    expected_voters: 30,
    access_mode: 'codes',
    ...over,
  });

const items: CodeItem[] = [
  { code: 'K7QX-M3PD-9R', state: 'unused', batch: 1 },
  { code: 'A2B3-C4D5-E6', state: 'unused', batch: 1 },
  { code: 'F7G8-H9JK-MN', state: 'used', batch: 1 },
  { code: 'PQRS-TUVW-XY', state: 'voided', batch: 2 },
];
const list = (over: Partial<CodeList> = {}): CodeList => ({
  issued: 4,
  used: 1,
  voided: 1,
  unused: 2,
  recalled: 0,
  used_in_test: 0,
  handed_out: 3,
  batches: 2,
  paper_issued: 0,
  paper_unused: 0,
  items,
  total: 4,
  used_listed: true,
  ...over,
});

function renderCodes(
  vt: VoteType,
  extra: Parameters<typeof mockFetch>[0] = {},
  codes: (q: URLSearchParams) => CodeList = () => list(),
) {
  const calls = mockFetch({
    [`GET ${API}/companies/`]: () => ({
      body: { items: [{ id: cid, name: '华中建工', created_at: '' }], total: 1 },
    }),
    [`GET ${API}/vote-types/`]: () => ({ body: [vt] }),
    [`GET ${API}/vote-types/${cid}/codes`]: (req) => ({ body: codes(req.url.searchParams) }),
    ...extra,
  });
  renderRoutes(
    [
      {
        path: '/admin/vote-types/:voteTypeId/codes',
        element: (
          <AdminProviders>
            <CodesPage />
          </AdminProviders>
        ),
      },
    ],
    `/admin/vote-types/${cid}/codes?company=${cid}`,
  );
  return calls;
}

/** Serves one file path with bytes and a content disposition, everything else as JSON. */
function serveFile(calls: ReturnType<typeof mockFetch>, ending: string, name: string, status = 200) {
  const json = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (!url.pathname.endsWith(ending)) return json(input, init);
    calls.push({ method: 'GET', url, body: undefined, headers: new Headers(init?.headers) });
    if (status !== 200) {
      return new Response(JSON.stringify({ detail: '请先在系统设置中配置公网访问地址' }), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }
    return new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]), {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="slips.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
      },
    });
  }) as typeof fetch;
}

const card = (title: string) =>
  screen.getByText(title, { selector: '.ant-card-head-title' }).closest<HTMLElement>('.ant-card')!;
const codeRow = (code: string) => screen.getByText(code).closest<HTMLElement>('tr')!;

beforeEach(() => {
  cid += 1;
  URL.createObjectURL = vi.fn(() => 'blob:file');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('codes screen (测评码管理)', () => {
  it('shows the counts and the list, filtered by state and paged on the server', async () => {
    const calls = renderCodes(voteType());
    expect(await screen.findByText('K7QX-M3PD-9R')).toBeInTheDocument();
    expect(screen.getByText('华中建工 · 班子成员')).toBeInTheDocument();
    const counts = within(screen.getByTestId('code-counts'));
    for (const [title, n] of [
      ['发出数', '3'],
      ['已使用', '1'],
      ['未使用', '2'],
      ['已作废', '1'],
    ] as const) {
      expect(counts.getByText(title).closest('.ant-statistic')).toHaveTextContent(`${title}${n}`);
    }
    // Used and voided codes cannot be selected for voiding.
    expect(within(codeRow('F7G8-H9JK-MN')).getByRole('checkbox')).toBeDisabled();
    expect(within(codeRow('PQRS-TUVW-XY')).getByRole('checkbox')).toBeDisabled();
    expect(within(codeRow('K7QX-M3PD-9R')).getByRole('checkbox')).toBeEnabled();

    fireEvent.click(screen.getByText('未使用 2'));
    const lists = () =>
      calls.filter((c) => c.url.pathname === `${API}/vote-types/${cid}/codes`).map((c) => c.url.searchParams);
    await waitFor(() => expect(lists().at(-1)?.get('state')).toBe('unused'));
    expect(lists().at(-1)?.get('skip')).toBe('0');
    expect(lists().at(-1)?.get('limit')).toBe('50');
  });

  it('issues a batch (补发 once codes exist) and downloads its slips with the bearer token', async () => {
    const calls = renderCodes(voteType(), {
      [`POST ${API}/vote-types/${cid}/codes`]: () => ({
        status: 201,
        body: { batch: 3, codes: ['K7QX-M3PD-9R', 'A2B3-C4D5-E6'] },
      }),
    });
    serveFile(calls, `/vote-types/${cid}/codes.pdf`, '华中建工-班子成员-测评码纸条.pdf');
    localStorage.setItem('access_token', 'token-codes');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await screen.findByText('K7QX-M3PD-9R');
    const issue = card('补发测评码');
    fireEvent.change(within(issue).getByLabelText('发放数量'), { target: { value: '2' } });
    fireEvent.click(within(issue).getByRole('button', { name: /补\s*发/ }));
    expect(await screen.findByText('已补发 2 个测评码（第 3 批）')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ count: 2 });

    fireEvent.click(within(issue).getByRole('button', { name: '下载本批纸条' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const req = calls.find((c) => c.url.pathname.endsWith('/codes.pdf'))!;
    expect(req.url.searchParams.get('batch')).toBe('3');
    expect(req.headers.get('authorization')).toBe('Bearer token-codes');
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe(
      '华中建工-班子成员-测评码纸条.pdf',
    );
  });

  it('downloads all unused slips, and shows the server’s reason when there is no public address', async () => {
    const calls = renderCodes(voteType({ public_url: null }));
    serveFile(calls, `/vote-types/${cid}/codes.pdf`, 'x.pdf', 409);
    await screen.findByText('K7QX-M3PD-9R');
    const print = card('打印');
    expect(within(print).getByText('尚未配置公网访问地址')).toBeInTheDocument();
    fireEvent.click(within(print).getByRole('button', { name: /下载纸条 PDF/ }));
    expect(await screen.findByText('请先在系统设置中配置公网访问地址')).toBeInTheDocument();
    const req = calls.find((c) => c.url.pathname.endsWith('/codes.pdf'))!;
    expect(req.url.searchParams.has('batch')).toBe(false);
  });

  it('voids the selected codes after a confirmation', async () => {
    const calls = renderCodes(voteType(), {
      [`POST ${API}/vote-types/${cid}/codes/void`]: () => ({ body: { voided: 2 } }),
    });
    await screen.findByText('K7QX-M3PD-9R');
    fireEvent.click(within(codeRow('K7QX-M3PD-9R')).getByRole('checkbox'));
    fireEvent.click(within(codeRow('A2B3-C4D5-E6')).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: '作废选中（2）' }));
    const pop = (await screen.findByText('作废选中的 2 个测评码？')).closest<HTMLElement>('.ant-popover')!;
    fireEvent.click(within(pop).getByRole('button', { name: /作\s*废/ }));
    expect(await screen.findByText('已作废 2 个测评码')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ codes: ['K7QX-M3PD-9R', 'A2B3-C4D5-E6'] });
  });

  it('voids every unused code after a confirmation that says how many', async () => {
    const calls = renderCodes(voteType(), {
      [`POST ${API}/vote-types/${cid}/codes/void`]: () => ({ body: { voided: 2 } }),
    });
    await screen.findByText('K7QX-M3PD-9R');
    fireEvent.click(screen.getByRole('button', { name: '作废全部未使用' }));
    const confirm = (await screen.findAllByText('作废全部 2 个未使用的测评码？'))[0]!.closest<HTMLElement>(
      '.ant-modal',
    )!;
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: '全部作废' }));
    expect(await screen.findByText('已作废 2 个测评码')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ all_unused: true });
  });

  it('a link vote type says codes do not count yet, offers the poster, and switches to codes', async () => {
    const calls = renderCodes(voteType({ access_mode: 'link' }), {
      [`PUT ${API}/vote-types/${cid}`]: () => ({
        status: 409,
        body: { detail: '已有正式选票，不能更改投票方式' },
      }),
    });
    await screen.findByText('K7QX-M3PD-9R');
    expect(screen.getByText('当前为公开链接方式，测评码暂不起作用')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /下载投票海报 PDF/ })).toBeInTheDocument();
    fireEvent.click(within(card('投票方式')).getByText('测评码'));
    const confirm = (await screen.findAllByText('改为“测评码”方式？'))[0]!.closest<HTMLElement>(
      '.ant-modal',
    )!;
    fireEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('已有正式选票，不能更改投票方式')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ access_mode: 'codes', company_id: cid });
  });

  it('while the vote is open lists every code as 已发放, says so, and prints the codes as issued', async () => {
    const open = list({
      used_listed: false,
      items: [
        { code: 'A2B3-C4D5-E6', state: 'issued', batch: 1 },
        { code: 'F7G8-H9JK-MN', state: 'issued', batch: 1 },
        { code: 'K7QX-M3PD-9R', state: 'issued', batch: 1 },
        { code: 'PQRS-TUVW-XY', state: 'voided', batch: 2 },
      ],
    });
    const calls = renderCodes(voteType(), {}, () => open);
    await screen.findByText('K7QX-M3PD-9R');
    const notice = within(screen.getByTestId('open-vote-notice'));
    expect(
      notice.getByText('投票进行中：测评码一律显示为“已发放”，结束投票后可查看每个测评码是否已使用'),
    ).toBeInTheDocument();
    expect(notice.getByText(/已使用 1 个、未使用 2 个只统计数量，不逐个列出/)).toBeInTheDocument();
    // No row says used or unused; the filters are the states the list shows.
    for (const code of ['A2B3-C4D5-E6', 'F7G8-H9JK-MN', 'K7QX-M3PD-9R'])
      expect(within(codeRow(code)).getByText('已发放')).toBeInTheDocument();
    const table = card('测评码列表');
    expect(within(table).queryByText('已使用', { exact: false })).toBeNull();
    expect(within(table).queryByText('未使用 2')).toBeNull();
    expect(within(table).getByText('已发放 3')).toBeInTheDocument();
    expect(within(table).getByText('已作废 1')).toBeInTheDocument();
    // An issued code can be voided (a lost slip); a voided one cannot.
    expect(within(codeRow('F7G8-H9JK-MN')).getByRole('checkbox')).toBeEnabled();
    expect(within(codeRow('PQRS-TUVW-XY')).getByRole('checkbox')).toBeDisabled();
    fireEvent.click(within(table).getByText('已发放 3'));
    const lists = () =>
      calls.filter((c) => c.url.pathname === `${API}/vote-types/${cid}/codes`).map((c) => c.url.searchParams);
    await waitFor(() => expect(lists().at(-1)?.get('state')).toBe('issued'));
    const print = card('打印');
    expect(within(print).getByText(/投票进行中打印已发放的全部测评码/)).toBeInTheDocument();
    expect(within(print).getByText('全部已发放')).toBeInTheDocument();
  });

  it('a closed vote type says its unused codes were recalled', async () => {
    renderCodes(voteType({ status: 'closed', closed_at: '2025-06-01T02:00:00Z' }), {}, () =>
      list({ unused: 0, voided: 3, recalled: 2, items: items.slice(2) }),
    );
    expect(await screen.findByText('结束时未使用的测评码已全部作废（收回 2 个）。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '作废全部未使用' })).toBeDisabled();
    expect(screen.queryByTestId('open-vote-notice')).toBeNull();
    expect(within(codeRow('F7G8-H9JK-MN')).getByText('已使用')).toBeInTheDocument();
  });
});
