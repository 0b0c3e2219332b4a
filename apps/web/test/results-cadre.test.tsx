import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CadreVoteRecord } from '@kaoping/contracts/records';
import { pollTemplate } from '@kaoping/contracts/templates/by-kind';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CadreRecordsPage from '@/features/results/components/cadre-records-page';
import CadreResultsPage from '@/features/results/components/cadre-results-page';
import { mockFetch, renderAdmin } from './render';
import { companies, elevatedToken, evaluationResults, turnout, turnoutRow } from './results-fixtures';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 60_000 });

const API = '/api/v1/admin';
const evaluationTurnout = (id: number) =>
  turnout(id, [
    turnoutRow(3, '职工代表', {
      form_category: 'democratic_evaluation',
      received: 6,
      expected_voters: 20,
      rate: 30,
      rate_warning: 'under',
    }),
    turnoutRow(4, '中层干部', { form_category: 'democratic_evaluation', received: 0 }),
  ]);

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:export');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('cadre results page (民主评议)', () => {
  it('shows option counts, text answers and the newly promoted table with the flagged subject', async () => {
    const calls = mockFetch({
      [`GET ${API}/companies/`]: () => ({ body: companies(61) }),
      [`GET ${API}/cadre-results/statistics`]: () => ({ body: evaluationResults(61) }),
      [`GET ${API}/votes/turnout`]: () => ({ body: evaluationTurnout(61) }),
    });
    renderAdmin(<CadreResultsPage />, '/admin/cadre-vote-results?company=61');
    const cadre = await screen.findByTestId('cadre-results');
    expect(within(cadre).getByText(/对本单位选人用人工作的总体评价/)).toBeInTheDocument();
    expect(within(cadre).getByText('66.67%')).toBeInTheDocument();
    expect(within(cadre).getByText('加强干部培训')).toBeInTheDocument();
    expect(await within(cadre).findByRole('img', { name: '第1题各选项人数条形图' })).toBeInTheDocument();

    const np = screen.getByTestId('newly-promoted-results');
    const flagged = within(np).getByText('郑华', { selector: 'td strong' }).closest('tr')!;
    expect(flagged).toHaveClass('kp-row-flagged');
    expect(within(flagged).getByText('不认同超过 33.33%')).toBeInTheDocument();
    expect(within(flagged).getByText('50.00%')).toBeInTheDocument();
    const fine = within(np).getByText('周明', { selector: 'td strong' }).closest('tr')!;
    expect(fine).not.toHaveClass('kp-row-flagged');
    expect(within(fine).getByText('100.00%')).toBeInTheDocument();
    expect(within(np).getByText('群众基础一般')).toBeInTheDocument();
    expect(within(screen.getByTestId('turnout-3')).getByText('发出 20 · 收回 6')).toBeInTheDocument();

    // With two vote types the figures can be narrowed to one.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '按投票类型统计' }));
    fireEvent.click(await screen.findByText('职工代表', { selector: '.ant-select-item-option-content' }));
    await waitFor(() =>
      expect(
        calls.some(
          (c) => c.url.pathname.endsWith('/statistics') && c.url.searchParams.get('vote_type_id') === '3',
        ),
      ).toBe(true),
    );
  });

  it('exports the raw ballots as CSV', async () => {
    const calls = mockFetch({
      [`GET ${API}/companies/`]: () => ({ body: companies(62) }),
      [`GET ${API}/cadre-results/statistics`]: () => ({ body: evaluationResults(62) }),
      [`GET ${API}/votes/turnout`]: () => ({ body: evaluationTurnout(62) }),
      [`GET ${API}/companies/62/results/ballots.csv`]: () => ({ body: 'x' }),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderAdmin(<CadreResultsPage />, '/admin/cadre-vote-results?company=62');
    fireEvent.click(await screen.findByRole('button', { name: /导出原始选票 CSV/ }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const req = calls.find((c) => c.url.pathname.endsWith('/ballots.csv'))!;
    expect(req.url.searchParams.get('form_category')).toBe('democratic_evaluation');
    // Without a Content-Disposition the file still gets a sensible name.
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe('民主评议结果.csv');
  });
});

describe('cadre records page (民主评议记录)', () => {
  const np = pollTemplate('newly_promoted');
  const row: CadreVoteRecord = {
    id: 301,
    voter_key: 'EV1KEY000001',
    is_test: false,
    company_id: 63,
    vote_type_id: 3,
    vote_type_name: '职工代表',
    poll_id: 4,
    poll_kind: 'newly_promoted',
    source: 'online',
    answers: { subject_11: '认同', subject_12: '不认同', reason: '群众基础一般' },
    voted_on: '2025-06-01',
  };
  const subjects = [
    {
      id: 11,
      name: '周明',
      birth_date: '1985.03',
      previous_position: '副经理',
      current_position: '财务部经理',
    },
    { id: 12, name: '郑华', birth_date: '1988.10', previous_position: '主管', current_position: '副经理' },
  ];

  it('lists the ballots, shows one in the voter form and deletes the voter behind advanced mode', async () => {
    localStorage.setItem('access_token', elevatedToken());
    const calls = mockFetch({
      [`GET ${API}/companies/`]: () => ({ body: companies(63) }),
      [`GET ${API}/vote-types/`]: () => ({ body: [] }),
      [`GET ${API}/cadre-votes/`]: () => ({ body: { items: [row], total: 1 } }),
      [`GET ${API}/cadre-votes/301`]: () => ({
        body: {
          ...row,
          poll: {
            id: 4,
            title: np.title,
            description: '',
            target_type: 'newly_promoted',
            form_schema: np.form_schema,
          },
          subjects,
        },
      }),
      [`DELETE ${API}/cadre-votes/voter/EV1KEY000001`]: () => ({
        body: { voter_key: 'EV1KEY000001', is_test: false, vote_type_id: 3, deleted_ballots: 2 },
      }),
    });
    renderAdmin(<CadreRecordsPage />, '/admin/cadre-vote-records?company=63');
    expect(await screen.findByText('新提拔干部评议')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '查看答卷' }));
    const drawer = (await screen.findByText('答卷详情')).closest<HTMLElement>('.ant-drawer')!;
    expect(await within(drawer).findAllByText('郑华')).not.toHaveLength(0);
    const chosen = within(drawer)
      .getAllByRole('radio')
      .filter((r) => (r as HTMLInputElement).checked);
    // The form lays out a table and phone cards; each shows the same two choices.
    expect(new Set(chosen.map((r) => r.getAttribute('aria-label')))).toEqual(
      new Set(['周明：认同', '郑华：不认同']),
    );
    expect(chosen.every((r) => (r as HTMLInputElement).disabled || r.hasAttribute('readonly'))).toBe(true);
    expect(within(drawer).getByDisplayValue('群众基础一般')).toHaveAttribute('readonly');
    fireEvent.click(within(drawer).getByRole('button', { name: /close|关闭/i }));

    // Already in advanced mode: the confirmation is the only question.
    fireEvent.click(screen.getByRole('button', { name: /删除投票人/ }));
    fireEvent.change(await screen.findByLabelText('删除原因'), { target: { value: '重复录入' } });
    fireEvent.click(await screen.findByRole('button', { name: /^删\s*除$/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    const del = calls.find((c) => c.method === 'DELETE')!;
    expect(del.url.searchParams.get('company_id')).toBe('63');
    expect(del.url.searchParams.get('vote_type_id')).toBe('3');
    expect(await screen.findByText('已删除该投票人的 2 份答卷')).toBeInTheDocument();
  });
  it('offers only the 民主评议 vote types and filters by questionnaire on the server', async () => {
    const calls = mockFetch({
      [`GET ${API}/companies/`]: () => ({ body: companies(64) }),
      [`GET ${API}/vote-types/`]: () => ({
        body: [
          { id: 5, name: '中层干部', form_category: 'democratic_appraisal' },
          { id: 3, name: '职工代表', form_category: 'democratic_evaluation' },
        ],
      }),
      [`GET ${API}/cadre-votes/`]: () => ({ body: { items: [{ ...row, company_id: 64 }], total: 1 } }),
    });
    renderAdmin(<CadreRecordsPage />, '/admin/cadre-vote-records?company=64');
    expect(await screen.findByText('新提拔干部评议')).toBeInTheDocument();
    const lists = () =>
      calls.filter((c) => c.url.pathname === `${API}/cadre-votes/`).map((c) => c.url.searchParams);
    // Evaluation ballots are listed newest first: that endpoint takes no sort field.
    expect(lists()[0]?.get('sort_by')).toBeNull();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: '按投票类型筛选' }));
    const option = await screen.findByText('职工代表', { selector: '.ant-select-item-option-content' });
    expect(screen.queryByText('中层干部', { selector: '.ant-select-item-option-content' })).toBeNull();
    fireEvent.click(option);
    await waitFor(() => expect(lists().at(-1)?.get('vote_type_id')).toBe('3'));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: '按问卷筛选' }));
    fireEvent.click(
      await screen.findByText('选人用人工作评议', { selector: '.ant-select-item-option-content' }),
    );
    await waitFor(() => expect(lists().at(-1)?.get('poll_kind')).toBe('cadre'));
  });
});
