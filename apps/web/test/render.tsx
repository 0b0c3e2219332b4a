import type { ReactElement } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AdminProviders } from '@/app/admin/admin-providers';

/** Renders routes in a memory router at `path`; `admin` wraps them in the admin providers. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(<RouterProvider router={router} />);
  return { ...utils, router };
}

export function renderAdmin(element: ReactElement, path = '/admin') {
  return renderRoutes([{ path: '*', element: <AdminProviders>{element}</AdminProviders> }], path);
}

/** A fetch stand-in answering by "METHOD path" (the network is outside the product). */
export type Handler = (req: { method: string; url: URL; body: unknown; headers: Headers }) => {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
};

/** GET /auth/me of a system admin: the default answer of mockFetch. */
export const SYSTEM_ADMIN = {
  id: 1,
  username: 'admin',
  role: 'system_admin',
  all_units: true,
  unit_ids: [],
  must_change_password: false,
  elevated_until: null,
};

export function mockFetch(handlers: Record<string, Handler>) {
  const calls: { method: string; url: URL; body: unknown; headers: Headers }[] = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    const req = { method, url, body, headers };
    const key = `${method} ${url.pathname}`;
    // Screens ask who is signed in to hide what the role cannot do: a system admin unless a test says.
    if (key === 'GET /api/v1/admin/auth/me' && !handlers[key]) {
      return new Response(JSON.stringify(SYSTEM_ADMIN), { headers: { 'content-type': 'application/json' } });
    }
    calls.push(req);
    const handler = handlers[key];
    const res = handler
      ? handler(req)
      : { status: 404, body: { detail: '接口不存在', code: 'ROUTE_NOT_FOUND' } };
    const status = res.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(res.body ?? null), {
      status,
      headers: { 'content-type': 'application/json', ...res.headers },
    });
  };
  globalThis.fetch = fetchMock as typeof fetch;
  return calls;
}

/**
 * The latest dialog with this title. Found by its title: in jsdom antd gives every dialog the same label
 * id, and a closed one stays in the document.
 */
export async function dialogTitled(title: string): Promise<HTMLElement> {
  const titles = await screen.findAllByText(title, { selector: '.ant-modal-title' });
  return titles.at(-1)!.closest<HTMLElement>('[role="dialog"]')!;
}

/** Confirms the import-from-template dialog and returns what it said. */
export async function confirmImport(): Promise<string> {
  const dialog = await dialogTitled('从模板导入问卷？');
  const said = dialog.textContent ?? '';
  fireEvent.click(within(dialog).getByRole('button', { name: /导\s*入/ }));
  return said;
}
