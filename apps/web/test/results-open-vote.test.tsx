// Decision 0041: while the vote types that have ballots are still open, the results pages show the counts
// (收回数) and say that the figures come after 结束投票; the empty state does not claim there are no ballots.
import { configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CadreResultsPage from '@/features/results/components/cadre-results-page';
import ResultsPage from '@/features/results/components/results-page';
import { mockFetch, renderAdmin } from './render';
import { appraisalResults, companies, evaluationResults, turnout, turnoutRow } from './results-fixtures';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.restoreAllMocks());

const API = '/api/v1/admin';

describe('the results pages while every vote type with ballots is open', () => {
  it('民主测评: the turnout counts the ballots; no figures, the notice names the open groups', async () => {
    const open = appraisalResults(91);
    open.targets = open.targets.map((t) => ({ ...t, combined: { ...t.combined, count: 0 } }));
    open.vote_types = [];
    open.open_vote_types = [{ vote_type_id: 1, name: '班子成员' }];
    mockFetch({
      [`GET ${API}/companies/`]: () => ({ body: companies(91) }),
      [`GET ${API}/companies/91/results`]: () => ({ body: open }),
      [`GET ${API}/votes/turnout`]: () => ({
        body: turnout(91, [turnoutRow(1, '班子成员', { received: 5, expected_voters: 8, rate: 62.5 })]),
      }),
    });
    renderAdmin(<ResultsPage />, '/admin/results?company=91');
    const notice = await screen.findByTestId('open-vote-notice');
    expect(notice).toHaveTextContent('投票进行中，结束投票后可查看结果');
    expect(notice).toHaveTextContent('“班子成员”投票进行中');
    expect(await screen.findByText('暂无可查看的结果')).toBeInTheDocument();
    expect(screen.queryByText('暂无投票数据')).toBeNull();
    expect(screen.queryByTestId('results-person')).toBeNull();
    expect(within(screen.getByTestId('turnout-1')).getByText(/收回 5/)).toBeInTheDocument();
  });

  it('民主评议: the same', async () => {
    const open = evaluationResults(92);
    open.cadre = { ...open.cadre, ballot_count: 0 };
    open.newly_promoted = { ...open.newly_promoted, ballot_count: 0 };
    open.open_vote_types = [{ vote_type_id: 3, name: '职工代表' }];
    mockFetch({
      [`GET ${API}/companies/`]: () => ({ body: companies(92) }),
      [`GET ${API}/cadre-results/statistics`]: () => ({ body: open }),
      [`GET ${API}/votes/turnout`]: () => ({
        body: turnout(92, [
          turnoutRow(3, '职工代表', {
            form_category: 'democratic_evaluation',
            received: 6,
            expected_voters: 20,
          }),
        ]),
      }),
    });
    renderAdmin(<CadreResultsPage />, '/admin/cadre-vote-results?company=92');
    expect(await screen.findByTestId('open-vote-notice')).toHaveTextContent('“职工代表”投票进行中');
    expect(await screen.findByText('暂无可查看的结果')).toBeInTheDocument();
    expect(screen.queryByTestId('cadre-results')).toBeNull();
  });
});
