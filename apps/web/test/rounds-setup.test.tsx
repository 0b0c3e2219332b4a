import { configure, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CadrePollPage from '@/features/cadre-polls/components/cadre-poll-page';
import VoteTypesPage from '@/features/vote-types/components/vote-types-page';
import { mockFetch, renderAdmin } from './render';
import { companies } from './results-fixtures';
import { twoRounds } from './rounds-fixtures';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 60_000 });
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const API = '/api/v1/admin';

describe('setup pages edit the current round (测评批次)', () => {
  it.each([
    ['投票类型管理', VoteTypesPage, '/admin/vote-types', 80],
    ['选人用人工作问卷管理', CadrePollPage, '/admin/cadre-poll-management', 81],
  ] as const)('%s names the current round beside its title', async (title, Page, path, id) => {
    mockFetch({
      [`GET ${API}/companies/`]: () => ({ body: companies(id) }),
      [`GET ${API}/companies/${id}/rounds`]: () => ({ body: twoRounds(id) }),
      [`GET ${API}/vote-types/`]: () => ({ body: [] }),
      [`GET ${API}/polls/company/${id}`]: () => ({ body: [] }),
    });
    renderAdmin(<Page />, `${path}?company=${id}`);
    expect(await screen.findByTestId('current-round')).toHaveTextContent('当前批次：2026年度');
    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    // Never an archived round's name: the setup pages always edit the current one.
    expect(screen.queryByText(/2025年度/)).toBeNull();
  });

  it('shows no round name before a unit is chosen', () => {
    mockFetch({ [`GET ${API}/companies/`]: () => ({ body: companies(82) }) });
    renderAdmin(<VoteTypesPage />, '/admin/vote-types');
    expect(screen.queryByTestId('current-round')).toBeNull();
  });
});
