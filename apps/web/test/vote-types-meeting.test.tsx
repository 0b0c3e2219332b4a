import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CodeList } from '@kaoping/contracts/ballot-codes-api';
import type { VoteType } from '@kaoping/contracts/vote-type';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import VoteTypesPage from '@/features/vote-types/components/vote-types-page';
import { mockFetch, renderAdmin } from './render';
import { elevatedToken, turnout, turnoutRow } from './results-fixtures';
import { voteTypeFixture } from './vote-type-fixture';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.restoreAllMocks());

const API = '/api/v1/admin';
// The admin providers share one query cache across tests: every test has a company of its own.
let cid = 40;
const company = () => ({ items: [{ id: cid, name: '华中建工', created_at: '' }], total: 1 });

const voteType = (id: number, name: string, over: Partial<VoteType> = {}): VoteType =>
  voteTypeFixture(id, name, { company_id: cid, ...over });

export const codeCounts = (over: Partial<CodeList> = {}): CodeList => ({
  issued: 60,
  used: 38,
  voided: 2,
  unused: 20,
  recalled: 0,
  used_in_test: 0,
  handed_out: 58,
  batches: 2,
  paper_issued: 0,
  paper_unused: 0,
  items: [],
  total: 0,
  used_listed: true,
  ...over,
});

const dialog = async (title: string) =>
  (
    await screen.findAllByText(title, { selector: '.ant-modal-title, .ant-modal-confirm-title' })
  )[0]!.closest<HTMLElement>('.ant-modal')!;
const row = (name: string) => screen.getByText(name, { selector: 'strong' }).closest('tr')!;

const paperCounts = (pending = 0, conflict = 0, unkeyed = 0) => ({
  body: {
    items: [],
    total: 0,
    counts: { paper: 0, online: 0, pending, conflict, printed: unkeyed, unkeyed, last_number: unkeyed },
  },
});

function renderPage(rows: () => VoteType[], extra: Parameters<typeof mockFetch>[0] = {}) {
  const calls = mockFetch({
    [`GET ${API}/vote-types/1/paper/sheets`]: () => paperCounts(),
    [`GET ${API}/vote-types/2/paper/sheets`]: () => paperCounts(),
    [`GET ${API}/companies/`]: () => ({ body: company() }),
    [`GET ${API}/vote-types/`]: () => ({ body: rows() }),
    [`GET ${API}/settings`]: () => ({
      body: { public_url: 'https://kp.example.cn', public_url_source: 'settings' },
    }),
    ...extra,
  });
  const { router } = renderAdmin(<VoteTypesPage />, `/admin/vote-types?company=${cid}`);
  return Object.assign(calls, { router });
}

describe('vote types page on meeting day', () => {
  beforeEach(() => {
    cid += 1;
  });

  it('shows each vote type’s state, test mode and access mode', async () => {
    renderPage(() => [
      voteType(1, '班子成员', { access_mode: 'codes' }),
      voteType(2, '中层干部', {
        status: 'closed',
        closed_at: '2025-06-01T02:00:00Z',
        count_stage: 'counting',
      }),
      voteType(3, '职工代表', { status: 'not_started', test_mode: true }),
      voteType(4, '离退休干部', { status: 'inactive', is_active: false }),
    ]);
    await screen.findByText('班子成员', { selector: 'strong' });
    expect(within(row('班子成员')).getByText('进行中')).toBeInTheDocument();
    expect(within(row('班子成员')).getByText('测评码', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(within(row('中层干部')).getByText('已结束')).toBeInTheDocument();
    expect(within(row('中层干部')).getByText('公开链接')).toBeInTheDocument();
    expect(within(row('职工代表')).getByText('未开始')).toBeInTheDocument();
    expect(within(row('职工代表')).getByText('试投票')).toBeInTheDocument();
    expect(within(row('离退休干部')).getByText('已停用')).toBeInTheDocument();
    // A closed vote type offers 重新开放 instead of 结束投票; only test mode offers 转为正式投票.
    expect(within(row('中层干部')).getByRole('button', { name: '重新开放' })).toBeInTheDocument();
    expect(within(row('中层干部')).queryByRole('button', { name: /结束投票/ })).not.toBeInTheDocument();
    expect(within(row('职工代表')).getByRole('button', { name: '转为正式投票' })).toBeInTheDocument();
    expect(within(row('班子成员')).queryByRole('button', { name: '转为正式投票' })).not.toBeInTheDocument();
    // The rehearsal hint gives way once a vote type is in test mode.
    expect(screen.queryByText('正式投票前，建议先试投票演练一遍')).not.toBeInTheDocument();
  });

  it('warns without a public address and offers no link or QR code a phone could not open', async () => {
    const rows = [voteType(1, '班子成员', { public_url: null })];
    mockFetch({
      [`GET ${API}/companies/`]: () => ({ body: company() }),
      [`GET ${API}/vote-types/`]: () => ({ body: rows }),
      [`GET ${API}/settings`]: () => ({ body: { public_url: null, public_url_source: 'none' } }),
    });
    renderAdmin(<VoteTypesPage />, `/admin/vote-types?company=${cid}`);
    expect(await screen.findByText('尚未配置公网访问地址')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '去设置' })).toBeInTheDocument();
    expect(screen.getByText('正式投票前，建议先试投票演练一遍')).toBeInTheDocument();
    expect(screen.getByLabelText('复制链接：班子成员')).toBeDisabled();
    expect(screen.getByLabelText('二维码：班子成员')).toBeDisabled();
    expect(screen.queryByText(/localhost/)).not.toBeInTheDocument();
    expect(screen.getByText('本机预览')).toHaveAttribute('href', '/vote/type/link1');
  });

  it('closes a codes vote type after a confirmation that states issued, returned and unused', async () => {
    let rows = [voteType(1, '班子成员', { access_mode: 'codes' })];
    const calls = renderPage(() => rows, {
      [`GET ${API}/vote-types/1/codes`]: () => ({ body: codeCounts() }),
      [`GET ${API}/votes/turnout`]: () => ({
        body: turnout(cid, [
          turnoutRow(1, '班子成员', { access_mode: 'codes', issued: 58, received: 37, test_received: 1 }),
        ]),
      }),
      [`POST ${API}/vote-types/1/close`]: () => {
        rows = [
          { ...rows[0]!, status: 'closed', closed_at: '2025-06-01T02:00:00Z', count_stage: 'counting' },
        ];
        return { body: rows[0] };
      },
    });
    await screen.findByText('班子成员', { selector: 'strong' });
    fireEvent.click(within(row('班子成员')).getByRole('button', { name: /结束投票/ }));
    const confirm = await dialog('结束“班子成员”的投票？');
    const facts = within(confirm).getByTestId('close-confirm');
    expect(facts).toHaveTextContent('发出数：58 个测评码');
    expect(facts).toHaveTextContent('收回数：37 张选票');
    expect(facts).toHaveTextContent('试投票：1 张（不计入结果）');
    expect(facts).toHaveTextContent('未使用的手机测评码：20 个（将作废）');
    expect(facts).toHaveTextContent('已发出的纸质票仍可继续录入和核对');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.click(within(confirm).getByRole('button', { name: '结束投票' }));
    expect(await screen.findByText('“班子成员”已结束投票')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual([
      `${API}/vote-types/1/close`,
    ]);
    expect(await within(row('班子成员')).findByText('已结束')).toBeInTheDocument();
    expect(within(row('班子成员')).getByTestId('count-stage')).toHaveAttribute('data-stage', 'counting');
    expect(within(row('班子成员')).getByRole('button', { name: /完成计票/ })).toBeInTheDocument();
  });

  it('walks the three steps: 结束投票, then 完成计票 stating the printed sheets never keyed', async () => {
    let rows = [
      voteType(1, '班子成员', {
        access_mode: 'codes',
        status: 'closed',
        closed_at: '2025-06-01T02:00:00Z',
        count_stage: 'counting',
      }),
      voteType(2, '中层干部'),
    ];
    const calls = renderPage(() => rows, {
      [`GET ${API}/vote-types/1/codes`]: () => ({ body: codeCounts({ paper_issued: 10, paper_unused: 2 }) }),
      [`GET ${API}/votes/turnout`]: () => ({
        body: turnout(cid, [turnoutRow(1, '班子成员', { access_mode: 'codes', received: 40, paper: 8 })]),
      }),
      [`POST ${API}/vote-types/1/finish-count`]: () => {
        rows = [{ ...rows[0]!, count_stage: 'counted', counted_at: '2025-06-01T03:00:00Z' }, rows[1]!];
        return { body: rows[0] };
      },
    });
    await screen.findByText('班子成员', { selector: 'strong' });
    // Each row says which of the three steps it is in; the step's own action is offered.
    expect(within(row('中层干部')).getByTestId('count-stage')).toHaveAttribute('data-stage', 'voting');
    expect(within(row('中层干部')).getByTestId('count-stage')).toHaveTextContent('投票中›投票结束›完成计票');
    expect(within(row('中层干部')).queryByRole('button', { name: /完成计票/ })).not.toBeInTheDocument();
    expect(within(row('班子成员')).queryByRole('button', { name: /结束投票/ })).not.toBeInTheDocument();

    fireEvent.click(within(row('班子成员')).getByRole('button', { name: /完成计票/ }));
    const confirm = await dialog('完成“班子成员”的计票？');
    const facts = within(confirm).getByTestId('finish-confirm');
    expect(facts).toHaveTextContent('收回数：40 张选票（其中纸质 8 张）');
    expect(facts).toHaveTextContent('2 张纸质票未录入，将作废');
    expect(facts).not.toHaveTextContent('未完成双人录入核对');
    fireEvent.click(within(confirm).getByRole('button', { name: '完成计票' }));
    expect(await screen.findByText('“班子成员”已完成计票')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual([
      `${API}/vote-types/1/finish-count`,
    ]);
    await waitFor(() =>
      expect(within(row('班子成员')).getByTestId('count-stage')).toHaveAttribute('data-stage', 'counted'),
    );
    expect(within(row('班子成员')).getByRole('button', { name: '撤销完成计票' })).toBeInTheDocument();
  });

  it('warns in the 完成计票 confirmation while sheets wait for their second entry', async () => {
    renderPage(
      () => [
        voteType(2, '中层干部', {
          status: 'closed',
          closed_at: '2025-06-01T02:00:00Z',
          count_stage: 'counting',
        }),
      ],
      {
        [`GET ${API}/vote-types/2/paper/sheets`]: () => paperCounts(1, 2, 7),
        [`GET ${API}/votes/turnout`]: () => ({
          body: turnout(cid, [turnoutRow(2, '中层干部', { received: 5 })]),
        }),
      },
    );
    await screen.findByText('中层干部', { selector: 'strong' });
    fireEvent.click(within(row('中层干部')).getByRole('button', { name: /完成计票/ }));
    const facts = within(await dialog('完成“中层干部”的计票？')).getByTestId('finish-confirm');
    expect(facts).toHaveTextContent('还有 3 张纸质票未完成双人录入核对');
    // Link mode: the printed numbers never keyed, like the codes mode's printed codes (issue 26).
    expect(facts).toHaveTextContent('7 张纸质票未录入，将作废');
    expect(facts).toHaveTextContent('完成计票后这些编号的纸质票不能再录入');
    expect(facts).toHaveTextContent('公开链接方式的纸质票按打印时印上的编号录入');
  });

  it('a link vote type’s close confirmation states the expected voters and the ballots', async () => {
    renderPage(() => [voteType(2, '中层干部', { expected_voters: 40 })], {
      [`GET ${API}/votes/turnout`]: () => ({
        body: turnout(cid, [turnoutRow(2, '中层干部', { expected_voters: 40, received: 12 })]),
      }),
    });
    await screen.findByText('中层干部', { selector: 'strong' });
    fireEvent.click(within(row('中层干部')).getByRole('button', { name: /结束投票/ }));
    const facts = within(await dialog('结束“中层干部”的投票？')).getByTestId('close-confirm');
    expect(facts).toHaveTextContent('发出数：40 人（应到人数）');
    expect(facts).toHaveTextContent('收回数：12 张选票');
    expect(facts).not.toHaveTextContent('测评码');
  });

  it('reopens only in advanced mode: the password is asked after the server says 403', async () => {
    let elevated = false;
    const calls = renderPage(
      () => [
        voteType(2, '中层干部', {
          status: 'closed',
          closed_at: '2025-06-01T02:00:00Z',
          count_stage: 'counting',
        }),
      ],
      {
        [`POST ${API}/auth/verify-advanced-mode`]: () => {
          elevated = true;
          return { body: { access_token: elevatedToken(), token_type: 'bearer' } };
        },
        [`POST ${API}/vote-types/2/reopen`]: () =>
          elevated
            ? { body: voteType(2, '中层干部') }
            : { status: 403, body: { detail: '此操作需要高级模式，请先验证管理员密码' } },
      },
    );
    await screen.findByText('中层干部', { selector: 'strong' });
    fireEvent.click(within(row('中层干部')).getByRole('button', { name: '重新开放' }));
    fireEvent.click(within(await dialog('重新开放“中层干部”？')).getByRole('button', { name: '重新开放' }));
    const prompt = await dialog('进入高级模式');
    fireEvent.change(within(prompt).getByLabelText('管理员密码'), { target: { value: 'secret-password' } });
    fireEvent.click(within(prompt).getByRole('button', { name: /验\s*证/ }));
    expect(await screen.findByText('“中层干部”已重新开放')).toBeInTheDocument();
    const reopens = calls.filter((c) => c.url.pathname === `${API}/vote-types/2/reopen`);
    expect(reopens).toHaveLength(2);
  });

  it('goes formal after a confirmation that says the test ballots will be deleted', async () => {
    const calls = renderPage(() => [voteType(3, '职工代表', { test_mode: true })], {
      [`POST ${API}/vote-types/3/go-formal`]: () => ({ body: voteType(3, '职工代表') }),
    });
    await screen.findByText('职工代表', { selector: 'strong' });
    fireEvent.click(within(row('职工代表')).getByRole('button', { name: '转为正式投票' }));
    const confirm = await dialog('将“职工代表”转为正式投票？');
    expect(confirm).toHaveTextContent('将删除该投票类型的全部试投票选票');
    fireEvent.click(within(confirm).getByRole('button', { name: '转为正式投票' }));
    expect(await screen.findByText('“职工代表”已转为正式投票')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === `${API}/vote-types/3/go-formal`)).toBe(
      true,
    );
  });

  it('creates a codes vote type in test mode, with the notice about open links', async () => {
    const calls = renderPage(() => [], {
      [`POST ${API}/vote-types/`]: ({ body }) => ({
        status: 201,
        body: { ...voteType(5, 'x'), ...(body as object) },
      }),
    });
    fireEvent.click(await screen.findByText('新增投票类型', { selector: 'button span' }));
    const d = await dialog('新增投票类型');
    // Open links are the default; the dialog says what they rely on.
    expect(within(d).getByText('公开链接依靠投票人的浏览器识别身份')).toBeInTheDocument();
    fireEvent.change(within(d).getByLabelText('名称'), { target: { value: '班子成员' } });
    fireEvent.click(within(d).getByLabelText('测评码（每人一码，凭码投票一次）'));
    expect(await within(d).findByText('保存后在“测评码”页面发放测评码并下载纸条')).toBeInTheDocument();
    // A new vote type starts as a rehearsal (先试投票), preselected.
    expect(within(d).getByRole('radio', { name: /先试投票/ })).toBeChecked();
    fireEvent.click(d.querySelector<HTMLButtonElement>('.ant-modal-footer .ant-btn-primary')!);
    expect(await screen.findByText('添加成功')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      name: '班子成员',
      access_mode: 'codes',
      test_mode: true,
    });
  });

  it('an edit sends the access and test modes only when they change', async () => {
    const calls = renderPage(() => [voteType(1, '班子成员', { access_mode: 'codes' })], {
      [`PUT ${API}/vote-types/1`]: ({ body }) => ({
        body: { ...voteType(1, '班子成员'), ...(body as object) },
      }),
    });
    await screen.findByText('班子成员', { selector: 'strong' });
    fireEvent.click(within(row('班子成员')).getByRole('button', { name: /编\s*辑/ }));
    const d = await dialog('编辑投票类型');
    fireEvent.change(within(d).getByLabelText('名称'), { target: { value: '班子成员（扩大）' } });
    fireEvent.click(d.querySelector<HTMLButtonElement>('.ant-modal-footer .ant-btn-primary')!);
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    expect(put.name).toBe('班子成员（扩大）');
    expect(put).not.toHaveProperty('access_mode');
    expect(put).not.toHaveProperty('test_mode');
  });

  it('opens the codes screen of a vote type', async () => {
    const { router } = renderPage(() => [voteType(1, '班子成员', { access_mode: 'codes' })]);
    await screen.findByText('班子成员', { selector: 'strong' });
    fireEvent.click(within(row('班子成员')).getByRole('button', { name: /测评码/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/vote-types/1/codes'));
    expect(router.state.location.search).toBe(`?company=${cid}`);
  });
});
