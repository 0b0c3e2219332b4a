import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { VoteRecord } from '@kaoping/contracts/records';
import { pollTemplate } from '@kaoping/contracts/templates/by-kind';
import { afterEach, describe, expect, it, vi } from 'vitest';
import VoteRecordsPage from '@/features/results/components/vote-records-page';
import { mockFetch, renderAdmin, SYSTEM_ADMIN } from './render';
import { voteTypeFixture } from './vote-type-fixture';
import { companies, elevatedToken, personBallot, turnout, turnoutRow } from './results-fixtures';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 60_000 });

const API = '/api/v1/admin';

const record = (id: number, voter: string, score: number, over: Partial<VoteRecord> = {}): VoteRecord => ({
  id,
  voter_key: voter,
  is_test: false,
  company_id: 50,
  vote_type_id: 7,
  vote_type_name: '中层干部',
  poll_id: 2,
  target_id: 3,
  target_name: '李红梅',
  target_type: 'person',
  target_title: '总经理',
  source: 'online',
  score,
  answers: personBallot(1) as unknown as Record<string, unknown>,
  voted_on: '2025-06-01',
  ...over,
});

const person = pollTemplate('person');

function routes(companyId: number, rows: () => VoteRecord[]) {
  return {
    [`GET ${API}/companies/`]: () => ({ body: companies(companyId) }),
    [`GET ${API}/vote-types/`]: () => ({ body: [] }),
    [`GET ${API}/vote-targets/`]: () => ({ body: [] }),
    [`GET ${API}/votes/`]: () => ({ body: { items: rows(), total: 45 } }),
    [`GET ${API}/votes/91`]: () => ({
      body: {
        ...record(91, 'voter-b', 78),
        poll: {
          id: 2,
          title: person.title,
          description: '',
          target_type: 'person',
          form_schema: person.form_schema,
        },
      },
    }),
  };
}

/** The newest dialog with this title (a closed one may still be leaving the page). */
const dialog = async (title: string) =>
  (await screen.findAllByText(title, { selector: '.ant-modal-title' }))
    .at(-1)!
    .closest<HTMLElement>('[role="dialog"]')!;

afterEach(() => vi.restoreAllMocks());

describe('vote records page', () => {
  it('marks each ballot 纸质 or 线上 and filters by 来源 on the server', async () => {
    const calls = mockFetch(
      routes(59, () => [record(90, 'voter-a', 100, { source: 'paper' }), record(91, 'voter-b', 78)]),
    );
    renderAdmin(<VoteRecordsPage />, '/admin/vote-records?company=59');
    const tags = await screen.findAllByText(/^(纸质|线上)$/, { selector: 'td .ant-tag' });
    expect(tags.map((t) => t.textContent)).toEqual(['纸质', '线上']);
    expect(screen.getByText('来源', { selector: 'th' })).toBeInTheDocument();
    const lists = () =>
      calls.filter((c) => c.url.pathname === `${API}/votes/`).map((c) => c.url.searchParams);
    expect(lists()[0]?.has('source')).toBe(false);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '按来源筛选' }));
    fireEvent.click(await screen.findByTitle('纸质'));
    await waitFor(() => expect(lists().at(-1)?.get('source')).toBe('paper'));
  });

  it('says an empty list holds back the ballots of a vote still open, not that there are none', async () => {
    mockFetch({
      ...routes(58, () => []),
      [`GET ${API}/votes/turnout`]: () => ({
        body: turnout(58, [turnoutRow(7, '中层干部', { received: 3, figures_hidden: true })]),
      }),
    });
    renderAdmin(<VoteRecordsPage />, '/admin/vote-records?company=58');
    expect(await screen.findByText('暂无可查看的记录，投票进行中的选票在结束投票后列出')).toBeInTheDocument();
    expect(screen.queryByText('暂无投票数据')).not.toBeInTheDocument();
  });

  it('pages and sorts on the server', async () => {
    const calls = mockFetch(routes(51, () => [record(90, 'voter-a', 100), record(91, 'voter-b', 78)]));
    renderAdmin(<VoteRecordsPage />, '/admin/vote-records?company=51');
    expect(await screen.findByText('共 45 条')).toBeInTheDocument();
    const lists = () =>
      calls.filter((c) => c.url.pathname === `${API}/votes/`).map((c) => c.url.searchParams);
    expect(lists()[0]?.get('company_id')).toBe('51');
    // By 随机编号 (issue 26): an order unrelated to arrival.
    expect(lists()[0]?.get('sort_by')).toBe('voter_key');
    expect(lists()[0]?.get('order')).toBe('desc');

    fireEvent.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(lists().at(-1)?.get('skip')).toBe('20'));

    // Sorting by score goes to the server and back to the first page.
    fireEvent.click(screen.getAllByText('得分', { selector: '.ant-table-column-title' })[0]!);
    await waitFor(() => expect(lists().at(-1)?.get('sort_by')).toBe('score'));
    expect(lists().at(-1)?.get('order')).toBe('asc');
    expect(lists().at(-1)?.get('skip')).toBe('0');
  });

  it('filters by the vote types of its own family and by target, on the server', async () => {
    const calls = mockFetch({
      ...routes(54, () => [record(90, 'voter-a', 100)]),
      // One request for all of the company's vote types: this page offers only the 民主测评 ones.
      [`GET ${API}/vote-types/`]: () => ({
        body: [
          { id: 7, name: '中层干部', form_category: 'democratic_appraisal' },
          { id: 8, name: '职工代表评议', form_category: 'democratic_evaluation' },
        ],
      }),
      [`GET ${API}/vote-targets/`]: () => ({ body: [{ id: 3, name: '李红梅' }] }),
    });
    renderAdmin(<VoteRecordsPage />, '/admin/vote-records?company=54');
    expect(await screen.findByText('共 45 条')).toBeInTheDocument();
    const lists = () =>
      calls.filter((c) => c.url.pathname === `${API}/votes/`).map((c) => c.url.searchParams);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: '按投票类型筛选' }));
    const option = await screen.findByText('中层干部', { selector: '.ant-select-item-option-content' });
    expect(screen.queryByText('职工代表评议', { selector: '.ant-select-item-option-content' })).toBeNull();
    fireEvent.click(option);
    await waitFor(() => expect(lists().at(-1)?.get('vote_type_id')).toBe('7'));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: '按测评对象筛选' }));
    fireEvent.click(await screen.findByText('李红梅', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(lists().at(-1)?.get('target_id')).toBe('3'));
    expect(lists().at(-1)?.get('vote_type_id')).toBe('7');
    expect(lists().at(-1)?.get('skip')).toBe('0');
  });

  it('shows a ballot read-only in the voter layout', async () => {
    mockFetch(routes(52, () => [record(91, 'voter-b', 78)]));
    renderAdmin(<VoteRecordsPage />, '/admin/vote-records?company=52');
    fireEvent.click(await screen.findByRole('button', { name: '查看答卷' }));
    const drawer = (await screen.findByText('答卷详情')).closest<HTMLElement>('.ant-drawer')!;
    // The voter's own ballot component, read-only: a heading for the target, locked choices.
    expect(await within(drawer).findByRole('heading', { name: /李红梅/ })).toBeInTheDocument();
    expect(within(drawer).getByText('领导人员民主测评表')).toBeInTheDocument();
    expect(within(drawer).getByText('78.00')).toBeInTheDocument();
    const radios = within(drawer).getAllByRole('radio');
    expect(radios.length).toBeGreaterThan(0);
    expect(radios.every((r) => (r as HTMLInputElement).disabled)).toBe(true);
    expect(radios.some((r) => (r as HTMLInputElement).checked)).toBe(true);
  });

  it("deletes a voter's ballots only after the confirmation and advanced mode, then reloads", async () => {
    let rows = [record(90, 'voter-a', 100), record(91, 'voter-b', 78)];
    const calls = mockFetch({
      ...routes(53, () => rows),
      [`POST ${API}/auth/verify-advanced-mode`]: () => ({
        body: { access_token: elevatedToken(), token_type: 'bearer' },
      }),
      [`DELETE ${API}/votes/voter/voter-b`]: () => {
        rows = rows.filter((r) => r.voter_key !== 'voter-b');
        return {
          body: {
            voter_key: 'voter-b',
            is_test: false,
            vote_type_id: 7,
            deleted_ballots: 5,
          },
        };
      },
    });
    renderAdmin(<VoteRecordsPage />, '/admin/vote-records?company=53');
    // jsdom matches no media query, so the voter column (wide screens) is hidden: find the row by score.
    const row = (await screen.findByText('78.00')).closest('tr')!;
    const deletes = () => calls.filter((c) => c.method === 'DELETE');

    // First the confirmation; cancelling it sends nothing.
    fireEvent.click(within(row).getByRole('button', { name: /删除投票人/ }));
    expect(await screen.findByText('删除这张选票的全部答卷？')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));

    // The delete waits for a reason; confirmed, then the advanced-mode password prompt; cancelling
    // that sends nothing either.
    fireEvent.click(within(row).getByRole('button', { name: /删除投票人/ }));
    expect(await screen.findByRole('button', { name: /^删\s*除$/ })).toBeDisabled();
    fireEvent.change(screen.getByLabelText('删除原因'), { target: { value: '工作人员误录' } });
    fireEvent.click(await screen.findByRole('button', { name: /^删\s*除$/ }));
    let prompt = await dialog('进入高级模式');
    fireEvent.click(within(prompt).getByRole('button', { name: /取\s*消/ }));
    expect(deletes()).toHaveLength(0);

    fireEvent.click(within(row).getByRole('button', { name: /删除投票人/ }));
    fireEvent.change(await screen.findByLabelText('删除原因'), { target: { value: '工作人员误录' } });
    const confirms = await screen.findAllByRole('button', { name: /^删\s*除$/ });
    fireEvent.click(confirms.at(-1)!);
    prompt = await dialog('进入高级模式');
    fireEvent.change(within(prompt).getByLabelText('管理员密码'), { target: { value: 'secret-password' } });
    fireEvent.click(within(prompt).getByRole('button', { name: /验\s*证/ }));

    await waitFor(() => expect(deletes()).toHaveLength(1));
    expect(deletes()[0]!.url.searchParams.get('company_id')).toBe('53');
    expect(deletes()[0]!.url.searchParams.get('vote_type_id')).toBe('7');
    expect(deletes()[0]!.url.searchParams.get('reason')).toBe('工作人员误录');
    expect(calls.find((c) => c.url.pathname.endsWith('verify-advanced-mode'))?.body).toEqual({
      password: 'secret-password',
    });
    expect(await screen.findByText('已删除该投票人的 5 份答卷')).toBeInTheDocument();
    // The list is asked again and the voter is gone.
    await waitFor(() => expect(screen.queryByText('78.00')).not.toBeInTheDocument());
    expect(screen.getByText('100.00')).toBeInTheDocument();
  });

  it('after 投票结束 a unit admin sees the delete disabled, saying only a system admin may', async () => {
    // A token of its own: the signed-in admin is cached per token.
    localStorage.setItem('access_token', `token-${Math.random()}`);
    mockFetch({
      ...routes(55, () => [record(94, 'voter-e', 91)]),
      [`GET ${API}/auth/me`]: () => ({ body: { ...SYSTEM_ADMIN, role: 'unit_admin', unit_ids: [55] } }),
      [`GET ${API}/vote-types/`]: () => ({
        body: [voteTypeFixture(7, '中层干部', { company_id: 55, status: 'closed', count_stage: 'counting' })],
      }),
    });
    renderAdmin(<VoteRecordsPage />, '/admin/vote-records?company=55');
    const row = (await screen.findByText('91.00')).closest('tr')!;
    await waitFor(() => expect(within(row).getByRole('button', { name: /删除投票人/ })).toBeDisabled());
    const wrapper = within(row).getByLabelText('投票结束后，只有系统管理员可以在高级模式下删除选票');
    fireEvent.mouseEnter(wrapper);
    expect(
      await screen.findByText('投票结束后，只有系统管理员可以在高级模式下删除选票', {
        selector: '.ant-tooltip-container, .ant-tooltip-inner, div',
      }),
    ).toBeInTheDocument();
  });

  it('marks a test ballot with 试投票 and shows its 随机编号, never a time or the voter’s identifier', async () => {
    mockFetch(
      routes(54, () => [record(92, '7C249CB96926', 88), record(93, 'D632E4F5E632', 66, { is_test: true })]),
    );
    renderAdmin(<VoteRecordsPage />, '/admin/vote-records?company=54');
    const testRow = (await screen.findByText('66.00')).closest('tr')!;
    const formalRow = screen.getByText('88.00').closest('tr')!;
    expect(within(testRow).getByText('试投票')).toBeInTheDocument();
    expect(within(formalRow).queryByText('试投票')).not.toBeInTheDocument();
    expect(within(formalRow).getByText('7C249CB96926')).toBeInTheDocument();
    expect(within(testRow).getByText('D632E4F5E632')).toBeInTheDocument();
    // No time column, no voter column: ballots keep no time (issue 26).
    const heads = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(heads).toContain('随机编号');
    expect(heads.join()).not.toMatch(/时间|投票人/);
    expect(formalRow.textContent).not.toMatch(/\d{2}:\d{2}/);
  });
});
