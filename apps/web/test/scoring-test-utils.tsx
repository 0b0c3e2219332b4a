import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { companyTemplate } from '@kaoping/contracts/templates/company';
import type { Poll } from '@kaoping/contracts/poll';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { vi } from 'vitest';
import CompanyPollPage from '@/features/scoring-polls/components/company-poll-page';
import { roundSummary } from './rounds-fixtures';

/** The company template as the server answers it after an import. */
export function templatePoll(over: Partial<Poll> = {}): Poll {
  const t = structuredClone(companyTemplate);
  return {
    id: 7,
    company_id: 1,
    target_type: 'company',
    title: t.title,
    description: t.description,
    form_schema: t.form_schema as unknown as Poll['form_schema'],
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    ...over,
  };
}

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

type Handler = (call: Call) => Response | Promise<Response>;

export const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/**
 * Replaces fetch (the only thing mocked): the company list and its rounds are answered here, every other call goes
 * to `handler`. Returns the calls made, for asserting what was sent.
 */
export function mockApi(handler: Handler): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const call = {
        method: init?.method ?? 'GET',
        path: url.pathname + url.search,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      if (url.pathname === '/api/v1/admin/companies/') {
        return json(200, { items: [{ id: 1, name: '华东能源集团' }], total: 1 });
      }
      // The unit's rounds (测评批次), which the page header names: one current round.
      const rounds = url.pathname.match(/^\/api\/v1\/admin\/companies\/(\d+)\/rounds$/);
      if (rounds) return json(200, { items: [roundSummary(1, Number(rounds[1]))] });
      calls.push(call);
      return handler(call);
    }),
  );
  return calls;
}

function Providers({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <ConfigProvider locale={zhCN}>
      <AntApp>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}

/** The company poll page in a data router (useBlocker needs one), beside a second page to leave to. */
export function renderPollPage(url = '/admin/poll-management?company=1') {
  const router = createMemoryRouter(
    [
      {
        path: '/admin/poll-management',
        element: (
          <Providers>
            <CompanyPollPage />
          </Providers>
        ),
      },
      { path: '/admin/other', element: <p>其他页面</p> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}
