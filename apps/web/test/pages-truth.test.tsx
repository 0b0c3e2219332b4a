// Issue 24, "pages that tell the truth": every flagged row of the 汇总表 carries its own 预警 tag and the
// reason, and a page with shares states the one rounding rule (SHARE_ROUNDING_NOTE) once, never a 100 %.
import { configure, fireEvent, screen, within } from '@testing-library/react';
import type { VoterResult } from '@kaoping/contracts/records';
import { SHARE_ROUNDING_NOTE } from '@kaoping/contracts/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CadreResultsPage from '@/features/results/components/cadre-results-page';
import VoteRecordsPage from '@/features/results/components/vote-records-page';
import SummaryPage from '@/features/summary/components/summary-page';
import { mockFetch, renderAdmin } from './render';
import { appraisalResults, companies, evaluationResults, turnout, turnoutRow } from './results-fixtures';
import { twoRounds } from './rounds-fixtures';
import { unitSummary } from './summary-fixtures';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.restoreAllMocks());

const API = '/api/v1/admin';

/** Every sentence on the page that says the shares add up to exactly 100 %. */
const claims100 = () => screen.queryAllByText(/合计(为|等于)\s*100(\.00)?\s*%|之和为\s*100/);

describe('the 汇总表 says why each red row is red', () => {
  it('gives every flagged row a 预警 tag and its reason, and no tag to a clean row', async () => {
    mockFetch({
      [`GET ${API}/companies/`]: () => ({ body: companies(90) }),
      [`GET ${API}/companies/90/rounds`]: () => ({ body: twoRounds(90) }),
      [`GET ${API}/companies/90/summary`]: () => ({ body: unitSummary(90) }),
    });
    renderAdmin(<SummaryPage />, '/admin/summary?company=90');
    const persons = await screen.findByRole('region', { name: '领导人员汇总表' });
    const rows = within(persons).getAllByRole('row');
    const flagged = rows.filter((r) => r.classList.contains('kp-sum-flagged'));
    // 李四: 班子成员 (2 不称职 of 3), 中层干部 (1 of 2), 合计 and 加权合计 all flagged; 张三 clean.
    expect(flagged.length).toBe(4);
    for (const row of flagged) {
      expect(within(row).getByText('预警', { selector: '.ant-tag' })).toBeVisible();
      expect(within(row).getByText(/^(称职及以上率低于 66.67%|不称职率高于 33.33%)(；|$)/)).toBeVisible();
    }
    const weighted = flagged.find((r) => within(r).queryByText('加权合计'))!;
    expect(within(weighted).getByText('称职及以上率低于 66.67%；不称职率高于 33.33%')).toBeVisible();
    for (const row of rows.filter((r) => !r.classList.contains('kp-sum-flagged')))
      expect(within(row).queryByText('预警', { selector: '.ant-tag' })).toBeNull();

    // 新提拔: 王五's 合计 row (2 不认同 of 3) says so in the row too.
    const np = screen.getByRole('region', { name: '新提拔干部汇总表' });
    const npFlagged = within(np)
      .getAllByRole('row')
      .filter((r) => r.classList.contains('kp-sum-flagged'));
    expect(npFlagged).toHaveLength(1);
    expect(within(npFlagged[0]!).getByText('预警', { selector: '.ant-tag' })).toBeVisible();
    expect(within(npFlagged[0]!).getByText('不认同率高于 33.33%')).toBeVisible();

    // The rounding rule, once, in the constant's words; nothing claims 100 %.
    expect(screen.getAllByText(new RegExp(SHARE_ROUNDING_NOTE.slice(0, 20)))).toHaveLength(1);
    expect(screen.getByText(/一行或一列占比之和可能略高于或低于 100%/)).toBeInTheDocument();
    expect(claims100()).toHaveLength(0);
  });
});

describe('the 评议结果 screen', () => {
  it('states the rounding rule once and never says a row sums to 100.00 %', async () => {
    mockFetch({
      [`GET ${API}/companies/`]: () => ({ body: companies(91) }),
      [`GET ${API}/cadre-results/statistics`]: () => ({ body: evaluationResults(91) }),
      [`GET ${API}/votes/turnout`]: () => ({
        body: turnout(91, [
          turnoutRow(3, '职工代表', { form_category: 'democratic_evaluation', received: 6 }),
        ]),
      }),
    });
    renderAdmin(<CadreResultsPage />, '/admin/cadre-vote-results?company=91');
    const np = await screen.findByTestId('newly-promoted-results');
    expect(within(np).getByText(/不认同占比超过 33.33% 的对象以红色标出并注明预警/)).toBeInTheDocument();
    expect(screen.getAllByText(new RegExp(SHARE_ROUNDING_NOTE.slice(0, 20)))).toHaveLength(1);
    expect(claims100()).toHaveLength(0);
    // The flagged subject's row names the 预警 and why.
    const flagged = within(np).getByText('郑华', { selector: 'td strong' }).closest('tr')!;
    expect(within(flagged).getByText(/预警：/)).toHaveTextContent('预警：不认同超过 33.33%');
  });
});

describe('投票记录 → 按投票人', () => {
  it('shows one voter’s score of each target, never a 总分 that adds different people', async () => {
    const voter: VoterResult = {
      voter_key: '3F9AC2E107BD',
      is_test: false,
      source: 'online',
      company_id: 92,
      vote_type_id: 7,
      vote_type_name: '中层干部',
      form_category: 'democratic_appraisal',
      voted_on: '2025-06-01',
      ballot_count: 3,
      total_score: 263.5,
      target_scores: [
        { target_id: 1, target_name: '领导班子', score: 95 },
        { target_id: 2, target_name: '李红梅', score: 90.5 },
        { target_id: 3, target_name: '王建国', score: 78 },
      ],
    };
    mockFetch({
      [`GET ${API}/companies/`]: () => ({ body: companies(92) }),
      [`GET ${API}/companies/92/rounds`]: () => ({ body: twoRounds(92) }),
      [`GET ${API}/vote-types/`]: () => ({
        body: [{ id: 7, name: '中层干部', form_category: 'democratic_appraisal' }],
      }),
      [`GET ${API}/vote-targets/`]: () => ({ body: [] }),
      [`GET ${API}/votes/turnout`]: () => ({ body: turnout(92, [turnoutRow(7, '中层干部')]) }),
      [`GET ${API}/companies/92/results`]: () => ({ body: appraisalResults(92) }),
      [`GET ${API}/votes/`]: () => ({ body: { items: [], total: 0 } }),
      [`GET ${API}/votes/voter-results`]: () => ({ body: { items: [voter], total: 1 } }),
    });
    renderAdmin(<VoteRecordsPage />, '/admin/vote-records?company=92');
    fireEvent.click(await screen.findByText('按投票人'));
    const row = (await screen.findByText('3F9AC2E107BD')).closest('tr')!;
    expect(screen.getByRole('columnheader', { name: '对各测评对象的得分' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: /总分/ })).toBeNull();
    expect(row).toHaveTextContent('领导班子 95.00');
    expect(row).toHaveTextContent('李红梅 90.50');
    expect(row).toHaveTextContent('王建国 78.00');
    expect(row).not.toHaveTextContent('263.50');
  });
});
