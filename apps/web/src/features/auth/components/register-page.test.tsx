import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderAdmin } from '../../../../test/render';
import { getToken } from '@/lib/auth-token';
import { RegisterPage } from './register-page';

const firstRun = { has_users: false, code_required: false, open: true };

async function fillAndSubmit() {
  await userEvent.type(await screen.findByLabelText('用户名'), ' founder ');
  await userEvent.type(screen.getByLabelText('密码'), 'Kaoping-2026-a');
  await userEvent.type(screen.getByLabelText('确认密码'), 'Kaoping-2026-a');
  await userEvent.click(screen.getByRole('button', { name: /注\s*册/ }));
}

describe('register page', () => {
  it('signs the first administrator in and opens /admin, without a second login', async () => {
    const calls = mockFetch({
      'GET /api/v1/admin/auth/registration-status': () => ({ body: firstRun }),
      'POST /api/v1/admin/auth/register': () => ({
        status: 201,
        body: { id: 1, username: 'founder', access_token: 'fresh-token', token_type: 'bearer' },
      }),
    });
    const { router } = renderAdmin(<RegisterPage />, '/register');
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(getToken()).toBe('fresh-token');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      username: 'founder',
      password: 'Kaoping-2026-a',
    });
    expect(calls.some((c) => c.url.pathname.endsWith('/auth/login'))).toBe(false);
  });

  it("stays on the form with the server's detail when registration is refused", async () => {
    mockFetch({
      'GET /api/v1/admin/auth/registration-status': () => ({ body: firstRun }),
      'POST /api/v1/admin/auth/register': () => ({ status: 409, body: { detail: '用户名已存在' } }),
    });
    const { router } = renderAdmin(<RegisterPage />, '/register');
    await fillAndSubmit();
    expect(await screen.findByText('用户名已存在')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register');
    expect(getToken()).toBeNull();
  });
});
