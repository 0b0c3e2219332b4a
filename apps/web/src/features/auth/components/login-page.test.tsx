import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderAdmin } from '../../../../test/render';
import { getToken } from '@/lib/auth-token';
import { LoginPage } from './login-page';

describe('login page', () => {
  it('sends username and password as a multipart form and stores the token', async () => {
    const calls = mockFetch({
      'POST /api/v1/admin/auth/login': () => ({ body: { access_token: 'new-token', token_type: 'bearer' } }),
    });
    const { router } = renderAdmin(<LoginPage />, '/login');
    await userEvent.type(screen.getByLabelText('用户名'), ' admin ');
    await userEvent.type(screen.getByLabelText('密码'), 'password123');
    await userEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    await waitFor(() => expect(getToken()).toBe('new-token'));
    const body = calls[0]!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('username')).toBe('admin');
    expect(body.get('password')).toBe('password123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it("shows the server's detail on wrong credentials", async () => {
    mockFetch({
      'POST /api/v1/admin/auth/login': () => ({ status: 401, body: { detail: '用户名或密码错误' } }),
    });
    renderAdmin(<LoginPage />, '/login');
    await userEvent.type(screen.getByLabelText('用户名'), 'admin');
    await userEvent.type(screen.getByLabelText('密码'), 'bad');
    await userEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('用户名或密码错误')).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  it('asks for both fields before sending anything', async () => {
    const calls = mockFetch({});
    renderAdmin(<LoginPage />, '/login');
    await userEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('请输入用户名')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
