import type { ReactNode } from 'react';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AdminProviders } from '@/app/admin/admin-providers';
import PersonPollPage from '@/features/scoring-polls/components/person-poll-page';
import VoteTargetsPage from '@/features/vote-targets/components/vote-targets-page';
import VoteTypesPage from '@/features/vote-types/components/vote-types-page';
import { COMPANY_STORAGE_KEY } from '@/lib/use-company-param';
import { mockFetch, renderRoutes } from './render';

// Whole antd pages in jsdom: seconds each, more on a busy machine.
configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 60_000 });

// The admin providers share one query cache across the file: every test sees this list.
const companies = {
  items: [
    { id: 31, name: '华北电力', created_at: '' },
    { id: 32, name: '西南石油', created_at: '' },
  ],
  total: 2,
};

const api = () =>
  mockFetch({
    'GET /api/v1/admin/companies/': () => ({ body: companies }),
    'GET /api/v1/admin/vote-types/': () => ({ body: [] }),
    'GET /api/v1/admin/vote-targets/': () => ({ body: [] }),
    'GET /api/v1/admin/evaluation-subjects/company/32': () => ({ body: [] }),
  });

const page = (path: string, element: ReactNode) => ({
  path,
  element: <AdminProviders>{element}</AdminProviders>,
});
const renderAdminPages = (at: string) =>
  renderRoutes(
    [page('/admin/vote-types', <VoteTypesPage />), page('/admin/vote-targets', <VoteTargetsPage />)],
    at,
  );

const selector = () => screen.getByRole('combobox', { name: '选择单位' });
/** The unit the selector shows (antd puts the chosen label in the title of the selector's content). */
const shownUnit = () => selector().closest('.ant-select-content')?.getAttribute('title') ?? '';

describe('the chosen unit across pages and reloads', () => {
  it('keeps the chosen unit in the address and opens the next page on it', async () => {
    const calls = api();
    const { router } = renderAdminPages('/admin/vote-types');
    expect(screen.getByText('请先在页面顶部选择单位')).toBeInTheDocument();
    await userEvent.click(selector());
    await userEvent.click(await screen.findByTitle('西南石油'));
    await waitFor(() => expect(router.state.location.search).toBe('?company=32'));

    // Another page opened without ?company= (a bookmark, the address typed) starts on the same unit.
    await router.navigate('/admin/vote-targets');
    await waitFor(() => expect(shownUnit()).toBe('西南石油'));
    await waitFor(() => expect(router.state.location.search).toBe('?company=32'));
    await waitFor(() =>
      expect(
        calls.some(
          (c) => c.url.pathname.endsWith('/vote-targets/') && c.url.searchParams.get('company_id') === '32',
        ),
      ).toBe(true),
    );
    expect(screen.queryByText('请先在页面顶部选择单位')).not.toBeInTheDocument();
  });

  it('opens on the remembered unit after a reload', async () => {
    api();
    const first = renderAdminPages('/admin/vote-types?company=31');
    await waitFor(() => expect(shownUnit()).toBe('华北电力'));
    first.unmount();

    const { router } = renderAdminPages('/admin/vote-types');
    await waitFor(() => expect(shownUnit()).toBe('华北电力'));
    await waitFor(() => expect(router.state.location.search).toBe('?company=31'));
  });

  it('drops a remembered unit that no longer exists and asks for a unit', async () => {
    api();
    localStorage.setItem(COMPANY_STORAGE_KEY, '99');
    const { router } = renderAdminPages('/admin/vote-targets');
    expect(await screen.findByText('所选单位已不存在，请重新选择单位')).toBeInTheDocument();
    expect((await screen.findAllByText('请先在页面顶部选择单位')).length).toBeGreaterThanOrEqual(1);
    expect(router.state.location.search).toBe('');
    expect(localStorage.getItem(COMPANY_STORAGE_KEY)).toBeNull();
    expect(shownUnit()).toBe('');
  });

  it('keeps a unit created since the list was loaded: the list is fetched again before dropping', async () => {
    const calls = mockFetch({
      'GET /api/v1/admin/companies/': () => ({
        body: { items: [...companies.items, { id: 33, name: '新疆能源', created_at: '' }], total: 3 },
      }),
      'GET /api/v1/admin/vote-types/': () => ({ body: [] }),
    });
    // The cached list (from the tests above) has no 33 yet.
    const { router } = renderAdminPages('/admin/vote-types?company=33');
    await waitFor(() => expect(shownUnit()).toBe('新疆能源'));
    expect(router.state.location.search).toBe('?company=33');
    expect(screen.queryByText('所选单位已不存在，请重新选择单位')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url.pathname === '/api/v1/admin/companies/').length).toBeGreaterThanOrEqual(
      1,
    );
  });

  it('forgets the unit when the admin clears the selector', async () => {
    api();
    const first = renderAdminPages('/admin/vote-types?company=32');
    await waitFor(() => expect(shownUnit()).toBe('西南石油'));
    await userEvent.click(
      selector().closest('.ant-select')!.querySelector<HTMLElement>('.ant-select-clear')!,
    );
    expect(await screen.findByText('请先在页面顶部选择单位')).toBeInTheDocument();
    first.unmount();

    renderAdminPages('/admin/vote-targets');
    expect(screen.getAllByText('请先在页面顶部选择单位').length).toBeGreaterThanOrEqual(1);
  });
});

describe('the warning while no unit is chosen', () => {
  it('says 单位 on pages whose wording the spec does not quote', () => {
    api();
    renderAdminPages('/admin/vote-types');
    expect(screen.getByText('请先在页面顶部选择单位')).toBeInTheDocument();
    expect(screen.queryByText(/选择公司/)).not.toBeInTheDocument();
  });

  it('keeps the spec quote on the person poll page', () => {
    api();
    renderRoutes(
      [page('/admin/person-poll-management', <PersonPollPage />)],
      '/admin/person-poll-management',
    );
    expect(screen.getByText('请先在页面顶部选择公司')).toBeInTheDocument();
  });
});
