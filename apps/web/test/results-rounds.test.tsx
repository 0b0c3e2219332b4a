import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CompanyHistory, TargetHistory } from '@kaoping/contracts/rounds';
import type { VoteRecord } from '@kaoping/contracts/records';
import type { AppraisalResults } from '@kaoping/contracts/target-results';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CadreResultsPage from '@/features/results/components/cadre-results-page';
import ResultsPage from '@/features/results/components/results-page';
import VoteRecordsPage from '@/features/results/components/vote-records-page';
import { setToken } from '@/lib/auth-token';
import { mockFetch, renderAdmin, type Handler } from './render';
import {
  appraisalResults,
  companies,
  elevatedToken,
  evaluationResults,
  personBallot,
  turnout,
  turnoutRow,
} from './results-fixtures';
import { twoRounds } from './rounds-fixtures';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 60_000 });
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const API = '/api/v1/admin';
const ARCHIVED = 1;

/** This round's results, where 王建国 rose and 李红梅 fell since 2025年度, and 张志强 is new. */
function compared(companyId: number): AppraisalResults {
  const data = appraisalResults(companyId);
  const prev = (targetId: number, weighted: number, top: number) => ({
    round_id: ARCHIVED,
    round_name: '2025年度',
    target_id: targetId,
    weighted_score: weighted,
    top_share: top,
  });
  for (const t of data.targets) {
    const top = t.combined.overall[0]!.share;
    if (t.name === '王建国') {
      t.comparison = { previous: prev(102, 59.4, 0), change: { weighted_score: 3.2, top_share: top } };
    }
    if (t.name === '李红梅') {
      t.comparison = {
        previous: prev(103, 93, 100),
        change: { weighted_score: -1.1, top_share: Math.round((top - 100) * 100) / 100 },
      };
    }
  }
  return data;
}

const history: CompanyHistory = {
  company_id: 0,
  rounds: [
    {
      round_id: 1,
      round_name: '2025年度',
      year: 2025,
      state: 'archived',
      appraisal_ballots: 198,
      evaluation_ballots: 40,
      company_score: 88.15,
      person_mean: 71.2,
      newly_promoted_agree: 82.5,
    },
    {
      round_id: 2,
      round_name: '2026年度',
      year: 2026,
      state: 'current',
      appraisal_ballots: 240,
      evaluation_ballots: 45,
      company_score: 90.4,
      person_mean: 60.5,
      newly_promoted_agree: 90,
    },
  ],
};

const targetHistory: TargetHistory = {
  target_id: 2,
  name: '王建国',
  rounds: [
    {
      round_id: 1,
      round_name: '2025年度',
      year: 2025,
      target_id: 102,
      name: '王建国',
      title: '总经理助理',
      weighted_score: 59.4,
      top_share: 0,
      ballots: 30,
    },
    {
      round_id: 2,
      round_name: '2026年度',
      year: 2026,
      target_id: 2,
      name: '王建国',
      title: '副总经理',
      weighted_score: 62.6,
      top_share: 33.33,
      ballots: 3,
    },
  ],
};

function resultsRoutes(id: number, over: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    [`GET ${API}/companies/`]: () => ({ body: companies(id) }),
    [`GET ${API}/companies/${id}/rounds`]: () => ({ body: twoRounds(id) }),
    [`GET ${API}/companies/${id}/results`]: () => ({ body: compared(id) }),
    [`GET ${API}/companies/${id}/rounds/history`]: () => ({ body: { ...history, company_id: id } }),
    [`GET ${API}/vote-targets/2/history`]: () => ({ body: targetHistory }),
    [`GET ${API}/votes/turnout`]: () => ({
      body: turnout(id, [
        turnoutRow(1, '班子成员', { weight: 40 }),
        turnoutRow(2, '中层干部', { weight: 60 }),
      ]),
    }),
    ...over,
  };
}

const roundSelect = () => screen.getByRole('combobox', { name: '选择测评批次' });
const selected = () =>
  roundSelect().closest('.ant-select')!.querySelector('.ant-select-content')?.textContent;
const personRow = (name: string) =>
  within(screen.getByTestId('results-person')).getByText(name, { selector: 'strong' }).closest('tr')!;

describe('results of a round (测评批次)', () => {
  it('shows the current round by default and an archived one read-only from the selector', async () => {
    const calls = mockFetch({
      ...resultsRoutes(70),
      [`GET ${API}/companies/`]: () => ({ body: companies(70, 170) }),
    });
    const { router } = renderAdmin(<ResultsPage />, '/admin/results?company=70');
    await screen.findByTestId('results-person');
    await waitFor(() => expect(selected()).toContain('2026年度'));
    const results = () => calls.filter((c) => c.url.pathname === `${API}/companies/70/results`);
    expect(results()[0]!.url.searchParams.has('round_id')).toBe(false);
    expect(screen.queryByText(/该测评批次已归档/)).toBeNull();

    fireEvent.mouseDown(roundSelect());
    fireEvent.click(await screen.findByText('2025年度', { selector: '.ant-select-item-option-content *' }));
    await waitFor(() => expect(router.state.location.search).toBe('?company=70&round=1'));
    await waitFor(() => expect(results().at(-1)!.url.searchParams.get('round_id')).toBe('1'));
    const turnoutCalls = calls.filter((c) => c.url.pathname === `${API}/votes/turnout`);
    await waitFor(() => expect(turnoutCalls.length).toBeGreaterThan(0));
    expect(
      calls
        .filter((c) => c.url.pathname === `${API}/votes/turnout`)
        .at(-1)!
        .url.searchParams.get('round_id'),
    ).toBe('1');
    expect(await screen.findByText('该测评批次已归档，仅供查看：2025年度')).toBeInTheDocument();
    // An archived round's turnout is final, not live.
    expect(screen.getByText('参评情况')).toBeInTheDocument();
    expect(screen.queryByText('实时参评情况')).toBeNull();

    // Choosing another unit drops the round: the other unit opens on its current round.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '选择单位' }));
    fireEvent.click(await screen.findByText('测试单位170', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(router.state.location.search).toBe('?company=170'));
  });

  it('opens on the round in the address, and drops a round of another unit with a warning', async () => {
    const calls = mockFetch(resultsRoutes(71));
    const { router } = renderAdmin(<ResultsPage />, '/admin/results?company=71&round=99');
    expect(await screen.findByText('所选测评批次不属于该单位，已显示当前批次')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?company=71'));
    await screen.findByTestId('results-person');
    const last = calls.filter((c) => c.url.pathname === `${API}/companies/71/results`).at(-1)!;
    expect(last.url.searchParams.has('round_id')).toBe(false);
    expect(screen.queryByText(/该测评批次已归档/)).toBeNull();
  });

  it("sets the previous round's weighted score and top share beside this round's, with ▲/▼", async () => {
    mockFetch(resultsRoutes(72));
    renderAdmin(<ResultsPage />, '/admin/results?company=72');
    await screen.findByTestId('results-person');
    const persons = screen.getByTestId('results-person');
    expect(within(persons).getByText('加权得分比较')).toBeInTheDocument();
    expect(within(persons).getByText('「优秀」占比')).toBeInTheDocument();

    const wang = personRow('王建国');
    expect(within(wang).getByText('62.60')).toBeInTheDocument();
    expect(within(wang).getByText('59.40')).toBeInTheDocument();
    expect(within(wang).getByLabelText('上升 3.20 分')).toHaveTextContent('▲ 3.20');
    // 优秀: 1 of 3 ballots this round (33.33 by the largest remainder), none last round (the two shares
    // show on wider screens).
    expect(within(wang).getByLabelText('上升 33.33 个百分点')).toHaveTextContent('▲ 33.33');

    const li = personRow('李红梅');
    expect(within(li).getByText('93.00')).toBeInTheDocument();
    expect(within(li).getByLabelText('下降 1.10 分')).toHaveTextContent('▼ 1.10');
    expect(within(li).getByLabelText('下降 33.33 个百分点')).toHaveTextContent('▼ 33.33');

    // 张志强 is new this round: nothing to compare with.
    const zhang = personRow('张志强');
    expect(within(zhang).queryByText(/[▲▼]/)).toBeNull();

    // The leadership team has no earlier round here either: its table has no comparison columns.
    expect(within(screen.getByTestId('results-company')).queryByText('加权得分比较')).toBeNull();
  });

  it("draws a target's history across rounds in its drawer, and the unit's history below the figures", async () => {
    mockFetch(resultsRoutes(73));
    renderAdmin(<ResultsPage />, '/admin/results?company=73');
    await screen.findByTestId('results-person');

    const unit = await screen.findByTestId('company-history');
    expect(within(unit).getByText('历年对比')).toBeInTheDocument();
    expect(
      await within(unit).findByRole('img', { name: '本单位历次测评得分和认同率折线图' }),
    ).toBeInTheDocument();
    const old = within(unit).getByText('2025年度', { selector: 'td' }).closest('tr')!;
    expect(within(old).getByText('88.15')).toBeInTheDocument();
    expect(within(old).getByText('71.20')).toBeInTheDocument();
    const now = within(unit).getByText('2026年度', { selector: 'td' }).closest('tr')!;
    expect(within(now).getByText('当前批次')).toBeInTheDocument();
    expect(within(now).getByText('90.40')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '查看王建国的明细' }));
    const drawer = (await screen.findByText('王建国 · 测评明细')).closest<HTMLElement>('.ant-drawer')!;
    expect(await within(drawer).findByTestId('target-comparison')).toHaveTextContent(
      '与上一轮（2025年度）相比：加权得分 59.40 → 62.60（▲ 3.20），「优秀」占比 0.00% → 33.33%（▲ 33.33）',
    );
    expect(
      await within(drawer).findByRole('img', { name: '王建国历次测评加权得分和「优秀」占比折线图' }),
    ).toBeInTheDocument();
    const before = within(drawer).getByText('2025年度', { selector: 'td' }).closest('tr')!;
    expect(within(before).getByText('59.40')).toBeInTheDocument();
    expect(within(before).getByText('0.00%')).toBeInTheDocument();
    expect(within(before).getByText('30')).toBeInTheDocument();
  });

  it('passes the round to the 民主评议 statistics and shows the banner', async () => {
    const calls = mockFetch({
      [`GET ${API}/companies/`]: () => ({ body: companies(74) }),
      [`GET ${API}/companies/74/rounds`]: () => ({ body: twoRounds(74) }),
      [`GET ${API}/companies/74/rounds/history`]: () => ({ body: { ...history, company_id: 74 } }),
      [`GET ${API}/cadre-results/statistics`]: () => ({ body: evaluationResults(74) }),
      [`GET ${API}/votes/turnout`]: () => ({
        body: turnout(74, [turnoutRow(3, '职工代表', { form_category: 'democratic_evaluation' })]),
      }),
    });
    renderAdmin(<CadreResultsPage />, `/admin/cadre-vote-results?company=74&round=${ARCHIVED}`);
    expect(await screen.findByText('该测评批次已归档，仅供查看：2025年度')).toBeInTheDocument();
    await screen.findByTestId('cadre-results');
    const stats = calls.filter((c) => c.url.pathname === `${API}/cadre-results/statistics`);
    expect(stats.every((c) => c.url.searchParams.get('round_id') === '1')).toBe(true);
    expect(stats.length).toBeGreaterThan(0);
  });
});

const record = (id: number, voter: string, voteType = 7): VoteRecord => ({
  id,
  voter_key: voter,
  is_test: false,
  company_id: 75,
  vote_type_id: voteType,
  vote_type_name: voteType === 7 ? '中层干部' : '班子成员（2025）',
  poll_id: 2,
  target_id: 3,
  target_name: '李红梅',
  target_type: 'person',
  target_title: '总经理',
  source: 'online',
  // The archived round's ballot scored 55, the current round's 80: the table says which round it shows.
  score: voteType === 7 ? 80 : 55,
  answers: personBallot(1) as unknown as Record<string, unknown>,
  voted_on: '2025-06-01',
});

describe('records of an archived round', () => {
  it('are read-only: a banner, no voter delete, and every list asks for that round', async () => {
    setToken(elevatedToken());
    const calls = mockFetch({
      [`GET ${API}/companies/`]: () => ({ body: companies(75) }),
      [`GET ${API}/companies/75/rounds`]: () => ({ body: twoRounds(75) }),
      [`GET ${API}/vote-types/`]: () => ({
        body: [{ id: 7, name: '中层干部', form_category: 'democratic_appraisal' }],
      }),
      [`GET ${API}/vote-targets/`]: () => ({ body: [] }),
      [`GET ${API}/votes/turnout`]: () => ({ body: turnout(75, [turnoutRow(5, '班子成员（2025）')]) }),
      [`GET ${API}/companies/75/results`]: () => ({ body: appraisalResults(75) }),
      [`GET ${API}/votes/`]: ({ url }) => ({
        body: {
          items: [url.searchParams.get('round_id') ? record(90, 'voter-old', 5) : record(91, 'voter-new')],
          total: 1,
        },
      }),
      [`GET ${API}/votes/voter-results`]: () => ({ body: { items: [], total: 0 } }),
    });
    const { router } = renderAdmin(<VoteRecordsPage />, '/admin/vote-records?company=75');
    // The current round: the delete is offered.
    expect(await screen.findByText('80.00')).toBeInTheDocument();
    // Offered once the signed-in account's role (a system admin) is known.
    expect(await screen.findByRole('button', { name: /删除投票人/ })).toBeInTheDocument();

    await router.navigate(`/admin/vote-records?company=75&round=${ARCHIVED}`);
    expect(await screen.findByText('55.00')).toBeInTheDocument();
    expect(screen.getByText('该测评批次已归档，仅供查看：2025年度')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /删除投票人/ })).toBeNull();
    expect(screen.getByRole('button', { name: '查看答卷' })).toBeInTheDocument();
    const lists = calls.filter((c) => c.url.pathname === `${API}/votes/`);
    expect(lists.at(-1)!.url.searchParams.get('round_id')).toBe('1');

    // The vote types to filter by are that round's (from its turnout), not the current round's.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '按投票类型筛选' }));
    fireEvent.click(
      await screen.findByText('班子成员（2025）', { selector: '.ant-select-item-option-content' }),
    );
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.url.pathname === `${API}/votes/`)
          .at(-1)!
          .url.searchParams.get('vote_type_id'),
      ).toBe('5'),
    );
    expect(
      calls
        .filter((c) => c.url.pathname === `${API}/votes/`)
        .at(-1)!
        .url.searchParams.get('round_id'),
    ).toBe('1');

    // The per-voter list asks for the round too, and offers no delete either.
    fireEvent.click(screen.getByText('按投票人'));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.url.pathname === `${API}/votes/voter-results`)
          .at(-1)
          ?.url.searchParams.get('round_id'),
      ).toBe('1'),
    );
  });
});
