import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { vi } from 'vitest';

// The antd admin tree renders slowly in jsdom (the first render of a file takes seconds while antd
// builds its styles), more so on a busy machine: wait up to 5 s for a change, 40 s for a test.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 40_000 });

/**
 * Renders an admin element at `url` in a memory router (the editors' unsaved-changes guard needs a
 * data router) with a fresh query cache, so no test sees another's data. `/elsewhere` is a second
 * page to navigate to.
 */
export function renderAdmin(element: ReactElement, url = '/admin/page') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (el: ReactElement) => (
    <ConfigProvider locale={zhCN}>
      <AntApp>
        <QueryClientProvider client={client}>{el}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
  const router = createMemoryRouter(
    [
      { path: '/elsewhere', element: <p>另一个页面</p> },
      { path: '*', element: wrap(element) },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

export type Handler = (body: unknown) => { status: number; body?: unknown };

/** A fake API: `METHOD path` (without /api/v1 and the query) → handler; returns the fetch mock. */
export function mockApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${url.replace('/api/v1', '').split('?')[0]}`;
    const handler = routes[key];
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const res = handler ? handler(body) : { status: 404, body: { detail: `no mock for ${key}` } };
    return new Response(res.body === undefined ? null : JSON.stringify(res.body), { status: res.status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const companiesResponse = {
  status: 200,
  body: { items: [{ id: 5, name: '测试单位', created_at: '2025-01-01T00:00:00Z' }], total: 1 },
};
