// Issue 27 on the screens: the accounts screen shows a lock after 5 wrong passwords and lifts it; the forms
// that choose a password hold the server's rule with its words; a session that timed out lands on the
// login page saying so.
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Account } from '@kaoping/contracts/accounts';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import AccountsPage from '@/features/accounts/components/accounts-page';
import { LoginPage } from '@/features/auth/components/login-page';
import { RegisterPage } from '@/features/auth/components/register-page';
import { adminRequest, ApiError } from '@/lib/api-client';
import { getToken, setToken } from '@/lib/auth-token';
import { mockFetch, renderAdmin } from './render';

configure({ asyncUtilTimeout: 20_000 });
vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.restoreAllMocks());

const A = '/api/v1/admin';
const companies = { items: [{ id: 1, name: '甲单位', created_at: '2026-01-01T00:00:00Z' }], total: 1 };
const account = (over: Partial<Account>): Account => ({
  id: 2,
  username: 'unit-a',
  role: 'unit_admin',
  all_units: false,
  unit_ids: [1],
  disabled: false,
  must_change_password: false,
  totp_enabled: false,
  locks: [],
  created_at: '2026-01-01T00:00:00Z',
  ...over,
});
const me = account({ id: 1, username: 'admin', role: 'system_admin', all_units: true, unit_ids: [] });

/** The table row of a username. */
const rowOf = async (username: string) => (await screen.findByText(username)).closest('tr')!;

describe('accounts screen: locks', () => {
  it('shows a locked account with the time it ends, and lifts it after a confirmation', async () => {
    // Today at 14:35 local time, so the tag shows the time alone.
    const until = new Date();
    until.setHours(14, 35, 0, 0);
    let locked = account({ locks: [{ kind: 'login', until: until.toISOString() }] });
    const other = account({
      id: 3,
      username: 'auditor-b',
      role: 'auditor',
      locks: [{ kind: 'advanced', until: until.toISOString() }],
    });
    const calls = mockFetch({
      [`GET ${A}/users/`]: () => ({ body: [me, locked, other] }),
      [`GET ${A}/companies/`]: () => ({ body: companies }),
      [`POST ${A}/users/2/unlock`]: () => {
        locked = { ...locked, locks: [] };
        return { body: locked };
      },
    });
    renderAdmin(<AccountsPage />, '/admin/accounts');

    const row = await rowOf('unit-a');
    expect(within(row).getByText('已锁定 至 14:35')).toBeInTheDocument();
    expect(within(await rowOf('auditor-b')).getByText('已锁定（高级模式验证） 至 14:35')).toBeInTheDocument();
    expect(within(await rowOf('admin')).queryByText(/已锁定/)).not.toBeInTheDocument();

    fireEvent.click(within(row).getByRole('button', { name: /解除锁定/ }));
    const confirm = (await screen.findByText('解除“unit-a”的锁定？')).closest<HTMLElement>('.ant-popover')!;
    fireEvent.click(within(confirm).getByRole('button', { name: /解除锁定/ }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === `${A}/users/2/unlock`)).toBe(true));
    expect(await screen.findByText('已解除“unit-a”的锁定')).toBeInTheDocument();
    await waitFor(() => expect(within(row).queryByText(/已锁定/)).not.toBeInTheDocument());
    expect(within(row).queryByRole('button', { name: /解除锁定/ })).not.toBeInTheDocument();
  });
});

describe('the password rule in the forms', () => {
  it('refuses a weak reset password with the server’s words, and sends a good one', async () => {
    const calls = mockFetch({
      [`GET ${A}/users/`]: () => ({ body: [me, account({})] }),
      [`GET ${A}/companies/`]: () => ({ body: companies }),
      [`POST ${A}/users/2/reset-password`]: () => ({ status: 204 }),
    });
    renderAdmin(<AccountsPage />, '/admin/accounts');
    fireEvent.click(within(await rowOf('unit-a')).getByRole('button', { name: /重置密码/ }));
    const dialog = (await screen.findByText('重置密码：unit-a')).closest<HTMLElement>('[role="dialog"]')!;
    // The create form's password field has the same id: find this dialog's own input.
    const field = dialog.querySelector<HTMLInputElement>('input[type="password"]')!;
    expect(
      within(dialog).getByText(/至少 10 个字符，包含大写字母、小写字母、数字、符号中的至少 3 类/),
    ).toBeInTheDocument();

    const tryPassword = async (value: string, message: string) => {
      fireEvent.change(field, { target: { value } });
      fireEvent.click(within(dialog).getByRole('button', { name: /重\s*置/ }));
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    };
    await tryPassword('Abc-1234', '密码至少 10 个字符');
    await tryPassword('abcdefgh12', '密码须包含大写字母、小写字母、数字、符号中的至少 3 类');
    await tryPassword('New-UNIT-A-2026', '密码不能包含用户名');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(field, { target: { value: 'Fresh-pass-2026' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /重\s*置/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ password: 'Fresh-pass-2026' }),
    );
  });

  it('checks the registration password against the username typed above it', async () => {
    const calls = mockFetch({
      [`GET ${A}/auth/registration-status`]: () => ({
        body: { has_users: false, code_required: false, open: true },
      }),
    });
    renderAdmin(<RegisterPage />, '/register');
    await userEvent.type(await screen.findByLabelText('用户名'), 'zhangsan');
    await userEvent.type(screen.getByLabelText('密码'), 'Zhangsan-2026');
    await userEvent.type(screen.getByLabelText('确认密码'), 'Zhangsan-2026');
    await userEvent.click(screen.getByRole('button', { name: /注\s*册/ }));
    expect(await screen.findByText('密码不能包含用户名')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('a session that timed out', () => {
  const realLocation = Object.getOwnPropertyDescriptor(window, 'location')!;
  afterAll(() => Object.defineProperty(window, 'location', realLocation));

  it('goes to the login page, which says 会话已超时', async () => {
    const assign = vi.fn();
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: { ...window.location, pathname: '/admin/accounts', origin: 'http://localhost', assign },
    });
    setToken('idle-token');
    mockFetch({
      [`GET ${A}/companies/`]: () => ({
        status: 401,
        body: { detail: '会话已超时，请重新登录', code: 'SESSION_IDLE' },
      }),
    });
    await expect(adminRequest('/admin/companies/')).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBeNull();
    expect(assign).toHaveBeenCalledWith('/login');
    Object.defineProperty(window, 'location', realLocation);

    renderAdmin(<LoginPage />, '/login');
    expect(await screen.findByText('会话已超时，请重新登录')).toBeInTheDocument();
  });
});
