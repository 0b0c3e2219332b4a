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

describe('login page, second step (issue 27)', () => {
  // The server: the password alone → OTP_REQUIRED; 654321 is the app's code; anything else is wrong.
  const server = () =>
    mockFetch({
      'POST /api/v1/admin/auth/login': ({ body }) => {
        const otp = (body as FormData).get('otp');
        if (otp === null) return { status: 401, body: { detail: '请输入动态验证码', code: 'OTP_REQUIRED' } };
        if (otp === '654321') return { body: { access_token: 'otp-token', token_type: 'bearer' } };
        return { status: 401, body: { detail: '动态验证码错误或已使用', code: 'OTP_WRONG' } };
      },
    });

  it('asks for the code when the server says one is needed, then signs in with it', async () => {
    const calls = server();
    const { router } = renderAdmin(<LoginPage />, '/login');
    await userEvent.type(screen.getByLabelText('用户名'), 'admin');
    await userEvent.type(screen.getByLabelText('密码'), 'Kaoping-sys-2026');
    await userEvent.click(screen.getByRole('button', { name: /登\s*录/ }));

    const otp = await screen.findByLabelText('动态验证码');
    expect(screen.getByText('双因素验证')).toBeInTheDocument();
    expect(screen.getByText(/账号“admin”已启用双因素认证/)).toBeInTheDocument();
    expect(getToken()).toBeNull();

    await userEvent.type(otp, '111111');
    await userEvent.click(screen.getByRole('button', { name: '验证并登录' }));
    expect(await screen.findByText('动态验证码错误或已使用')).toBeInTheDocument();
    expect(getToken()).toBeNull();

    await userEvent.clear(screen.getByLabelText('动态验证码'));
    await userEvent.type(screen.getByLabelText('动态验证码'), ' 654321 ');
    await userEvent.click(screen.getByRole('button', { name: '验证并登录' }));
    await waitFor(() => expect(getToken()).toBe('otp-token'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    // Each try sends the same username and password again, with the code.
    const last = calls.at(-1)!.body as FormData;
    expect([last.get('username'), last.get('password'), last.get('otp')]).toEqual([
      'admin',
      'Kaoping-sys-2026',
      '654321',
    ]);
    expect((calls[0]!.body as FormData).get('otp')).toBeNull();
  });

  it('decides by the code, not the words, and can go back to the password', async () => {
    mockFetch({
      'POST /api/v1/admin/auth/login': () => ({
        status: 401,
        body: { detail: 'some other words', code: 'OTP_REQUIRED' },
      }),
    });
    renderAdmin(<LoginPage />, '/login');
    await userEvent.type(screen.getByLabelText('用户名'), 'li');
    await userEvent.type(screen.getByLabelText('密码'), 'User-pass-2026x');
    await userEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByLabelText('动态验证码')).toBeInTheDocument();
    expect(screen.queryByText('some other words')).toBeNull();
    // An empty code is caught before sending.
    await userEvent.click(screen.getByRole('button', { name: '验证并登录' }));
    expect(await screen.findByText('请输入动态验证码')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /返回/ }));
    expect(await screen.findByLabelText('用户名')).toBeInTheDocument();
    expect(screen.queryByLabelText('动态验证码')).toBeNull();
  });
});
