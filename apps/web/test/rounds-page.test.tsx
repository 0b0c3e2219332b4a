import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import RoundsPage from '@/features/rounds/components/rounds-page';
import { setToken } from '@/lib/auth-token';
import { dialogTitled, mockFetch, renderAdmin } from './render';
import { companies, elevatedToken } from './results-fixtures';
import { roundSummary, twoRounds } from './rounds-fixtures';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 60_000 });

const API = '/api/v1/admin';

const polls = (companyId: number) =>
  (['company', 'person', 'cadre'] as const).map((kind, i) => ({
    id: i + 1,
    title: ['领导班子民主测评表', '领导人员民主测评表', '选人用人工作民主评议表'][i],
    description: '',
    form_schema: {},
    target_type: kind,
    company_id: companyId,
    created_at: '',
    updated_at: '',
  }));

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('测评批次 page', () => {
  it('asks for a unit first', () => {
    mockFetch({ [`GET ${API}/companies/`]: () => ({ body: companies(60) }) });
    renderAdmin(<RoundsPage />, '/admin/rounds');
    expect(screen.getByText('请先在页面顶部选择单位')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /开始新一轮测评/ })).toBeDisabled();
  });

  it('lists the rounds with their state and counts, each linking to its results', async () => {
    mockFetch({
      [`GET ${API}/companies/`]: () => ({ body: companies(61) }),
      [`GET ${API}/companies/61/rounds`]: () => ({ body: twoRounds(61) }),
    });
    renderAdmin(<RoundsPage />, '/admin/rounds?company=61');
    const current = (await screen.findAllByText('2026年度')).find((e) => e.closest('tr'))!.closest('tr')!;
    expect(within(current).getByText('当前批次')).toBeInTheDocument();
    expect(within(current).getByText('240')).toBeInTheDocument();
    const archived = screen.getByText('2025年度').closest('tr')!;
    expect(within(archived).getByText('已归档')).toBeInTheDocument();
    expect(within(archived).getByText('198')).toBeInTheDocument();
    // The archived round's pages are addressed by its id; the current round's by the unit alone.
    expect(within(archived).getByRole('link', { name: '测评结果' })).toHaveAttribute(
      'href',
      '/admin/results?company=61&round=1',
    );
    expect(within(current).getByRole('link', { name: '投票记录' })).toHaveAttribute(
      'href',
      '/admin/vote-records?company=61',
    );
    // The page header names the round the setup pages edit.
    expect(screen.getByTestId('current-round')).toHaveTextContent('当前批次：2026年度');
  });

  it('shows the empty state, and a failed load with a retry', async () => {
    let fail = true;
    mockFetch({
      [`GET ${API}/companies/`]: () => ({ body: companies(62, 63) }),
      [`GET ${API}/companies/62/rounds`]: () => ({ body: { items: [] } }),
      [`GET ${API}/companies/63/rounds`]: () =>
        fail ? { status: 500, body: { detail: '服务器内部错误' } } : { body: twoRounds(63) },
    });
    const { router } = renderAdmin(<RoundsPage />, '/admin/rounds?company=62');
    expect(await screen.findByText('该单位还没有测评批次')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /开始新一轮测评/ })).toBeDisabled();

    await router.navigate('/admin/rounds?company=63');
    expect(await screen.findByText('测评批次加载失败')).toBeInTheDocument();
    expect(screen.getByText('服务器内部错误')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('2025年度')).toBeInTheDocument();
  });

  it('says exactly what a new round copies and archives, and starts it in advanced mode', async () => {
    let created: unknown;
    let elevated = false;
    const calls = mockFetch({
      [`GET ${API}/companies/`]: () => ({ body: companies(64) }),
      [`GET ${API}/companies/64/rounds`]: () => ({
        body: created
          ? {
              items: [
                roundSummary(3, 64, { name: '2027年度', year: 2027, ballots: 0 }),
                ...twoRounds(64).items.map((r) => ({ ...r, state: 'archived' as const })),
              ],
            }
          : twoRounds(64),
      }),
      [`GET ${API}/polls/company/64`]: () => ({ body: polls(64) }),
      [`POST ${API}/companies/64/rounds`]: ({ body }) => {
        if (!elevated) return { status: 403, body: { detail: '需要进入高级模式' } };
        created = body;
        return {
          status: 201,
          body: { ...roundSummary(3, 64), name: '2027年度', year: 2027 },
        };
      },
      [`POST ${API}/auth/verify-advanced-mode`]: () => {
        elevated = true;
        return { body: { access_token: elevatedToken(), token_type: 'bearer' } };
      },
    });
    setToken('plain-token');
    renderAdmin(<RoundsPage />, '/admin/rounds?company=64');
    await screen.findByText('2025年度');
    fireEvent.click(screen.getByRole('button', { name: /开始新一轮测评/ }));
    const dialog = await dialogTitled('开始新一轮测评');
    // Next year after the current round, named after it.
    expect(within(dialog).getByLabelText('年度')).toHaveValue('2027');
    expect(within(dialog).getByLabelText('批次名称')).toHaveValue('2027年度');
    const summary = within(dialog).getByTestId('new-round-summary');
    await waitFor(() =>
      expect(summary).toHaveTextContent(
        '3 份问卷（领导班子民主测评表、领导人员民主测评表、选人用人工作民主评议表）',
      ),
    );
    expect(summary).toHaveTextContent('从当前批次「2026年度」复制到新批次');
    expect(summary).toHaveTextContent('3 个投票类型：生成新的投票链接和二维码，开启试投票，不复制测评码');
    expect(summary).toHaveTextContent('12 个测评对象');
    expect(summary).toHaveTextContent('2 个新提拔干部评议对象');
    expect(summary).toHaveTextContent('各投票类型的封面和封底');
    expect(summary).toHaveTextContent('不复制：答卷、投票记录和测评码');
    expect(summary).toHaveTextContent('当前批次「2026年度」将被归档');
    expect(summary).toHaveTextContent('其 240 份正式答卷、结果和记录保留，但只能查看');

    // The name follows the year until the admin types one.
    fireEvent.change(within(dialog).getByLabelText('年度'), { target: { value: '2028' } });
    await waitFor(() => expect(within(dialog).getByLabelText('批次名称')).toHaveValue('2028年度'));
    fireEvent.change(within(dialog).getByLabelText('年度'), { target: { value: '2027' } });
    await waitFor(() => expect(within(dialog).getByLabelText('批次名称')).toHaveValue('2027年度'));

    fireEvent.click(within(dialog).getByRole('button', { name: '开始新一轮测评' }));
    // Refused without advanced mode: the password is asked, then the call is made again.
    const prompt = await dialogTitled('进入高级模式');
    fireEvent.change(within(prompt).getByLabelText('管理员密码'), { target: { value: 'secret-pass' } });
    fireEvent.click(within(prompt).getByRole('button', { name: /验\s*证/ }));
    await waitFor(() => expect(created).toEqual({ name: '2027年度', year: 2027 }));
    expect(calls.filter((c) => c.method === 'POST' && c.url.pathname.endsWith('/rounds'))).toHaveLength(2);
    expect(await screen.findByText('已开始新一轮测评：2027年度；「2026年度」已归档')).toBeInTheDocument();
    // The list is read again: the new round is the current one.
    const newRow = (await screen.findAllByText('2027年度')).find((e) => e.closest('tr'))!.closest('tr')!;
    expect(within(newRow).getByText('当前批次')).toBeInTheDocument();
  });

  it("shows the server's refusal (a vote still open) in the dialog and keeps it open", async () => {
    mockFetch({
      [`GET ${API}/companies/`]: () => ({ body: companies(65) }),
      [`GET ${API}/companies/65/rounds`]: () => ({ body: twoRounds(65) }),
      [`GET ${API}/polls/company/65`]: () => ({ body: [] }),
      [`POST ${API}/companies/65/rounds`]: () => ({
        status: 409,
        body: { detail: '请先结束正在进行的投票：中层干部、班子成员' },
      }),
    });
    setToken(elevatedToken());
    renderAdmin(<RoundsPage />, '/admin/rounds?company=65');
    await screen.findByText('2025年度');
    fireEvent.click(screen.getByRole('button', { name: /开始新一轮测评/ }));
    const dialog = await dialogTitled('开始新一轮测评');
    await waitFor(() =>
      expect(within(dialog).getByTestId('new-round-summary')).toHaveTextContent('0 份问卷'),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: '开始新一轮测评' }));
    expect(await within(dialog).findByText('请先结束正在进行的投票：中层干部、班子成员')).toBeInTheDocument();
    expect(within(dialog).getByText('未能开始新一轮测评')).toBeInTheDocument();

    // A year out of range is refused before anything is sent.
    fireEvent.change(within(dialog).getByLabelText('年度'), { target: { value: '1999' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '开始新一轮测评' }));
    expect(await within(dialog).findByText('年度必须在 2000-2100 之间')).toBeInTheDocument();
  });
});
