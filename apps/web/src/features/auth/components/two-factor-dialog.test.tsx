import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dialogTitled, mockFetch, renderAdmin, SYSTEM_ADMIN } from '../../../../test/render';
import { TwoFactorDialog } from './two-factor-dialog';

const A = '/api/v1/admin';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DP';
const CODES = Array.from({ length: 10 }, (_, i) => `abcde-fgh${i}k`);
const me = (over: object) => () => ({
  body: { ...SYSTEM_ADMIN, totp_enabled: false, must_set_up_totp: false, ...over },
});

describe('two-factor enrolment (issue 27)', () => {
  it('shows the QR code and the secret, turns it on with the app’s code and shows the recovery codes once', async () => {
    const onClose = vi.fn();
    const calls = mockFetch({
      [`GET ${A}/auth/me`]: me({}),
      [`POST ${A}/auth/totp/setup`]: () => ({
        body: { secret: SECRET, otpauth_url: `otpauth://totp/%E8%80%83%E8%AF%84:admin?secret=${SECRET}` },
      }),
      [`POST ${A}/auth/totp/enable`]: ({ body }) =>
        (body as { code: string }).code === '246810'
          ? { body: { recovery_codes: CODES } }
          : {
              status: 422,
              body: { detail: '验证码不正确，请输入验证器上当前显示的 6 位数字', code: 'TOTP_CODE_WRONG' },
            },
    });
    renderAdmin(<TwoFactorDialog open onClose={onClose} />);
    const dialog = await dialogTitled('双因素认证');
    expect(within(dialog).getByText('未启用')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '开始绑定' }));

    // The QR code an app scans, and the same secret as text in groups of four.
    expect(await within(dialog).findByTitle('双因素认证二维码')).toBeInTheDocument();
    expect(within(dialog).getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP');

    const code = within(dialog).getByLabelText('输入验证器上显示的 6 位数字');
    await userEvent.type(code, '12ab');
    await userEvent.click(within(dialog).getByRole('button', { name: '验证并启用' }));
    expect(await within(dialog).findByText('验证码是 6 位数字')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.pathname.endsWith('/enable'))).toHaveLength(0);

    await userEvent.clear(code);
    await userEvent.type(code, '111111');
    await userEvent.click(within(dialog).getByRole('button', { name: '验证并启用' }));
    expect(
      await within(dialog).findByText('验证码不正确，请输入验证器上当前显示的 6 位数字'),
    ).toBeInTheDocument();

    await userEvent.clear(code);
    await userEvent.type(code, '246810');
    await userEvent.click(within(dialog).getByRole('button', { name: '验证并启用' }));
    expect(await within(dialog).findByText('双因素认证已启用')).toBeInTheDocument();
    const list = within(dialog).getByRole('list', { name: '恢复码' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    // Not closable by the corner or Escape while the codes are shown: only by saying they are saved.
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: '我已保存恢复码' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((c) => c.url.pathname.endsWith('/enable')).map((c) => c.body)).toEqual([
      { code: '111111' },
      { code: '246810' },
    ]);
  });

  it('when forced by the rule, cannot be closed and offers to sign out', async () => {
    mockFetch({ [`GET ${A}/auth/me`]: me({ must_set_up_totp: true }) });
    renderAdmin(<TwoFactorDialog open forced onClose={() => undefined} />);
    const dialog = await dialogTitled('双因素认证');
    expect(within(dialog).getByText('系统要求所有账号启用双因素认证，请先完成绑定')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '退出登录' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /关\s*闭/ })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('turns an enabled second factor off with a code, and shows why the server refused', async () => {
    const onClose = vi.fn();
    let tries = 0;
    const calls = mockFetch({
      [`GET ${A}/auth/me`]: me({ totp_enabled: true }),
      [`POST ${A}/auth/totp/disable`]: () =>
        ++tries === 1
          ? {
              status: 422,
              body: { detail: '验证码不正确，请输入验证器上当前显示的 6 位数字', code: 'TOTP_CODE_WRONG' },
            }
          : { status: 204 },
    });
    renderAdmin(<TwoFactorDialog open onClose={onClose} />);
    const dialog = await dialogTitled('双因素认证');
    expect(await within(dialog).findByText('已启用')).toBeInTheDocument();
    const input = within(dialog).getByLabelText('停用须输入当前动态验证码或一个恢复码');
    await userEvent.type(input, '000000');
    await userEvent.click(within(dialog).getByRole('button', { name: '停用双因素认证' }));
    expect(
      await within(dialog).findByText('验证码不正确，请输入验证器上当前显示的 6 位数字'),
    ).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, 'abcde-fgh1k');
    await userEvent.click(within(dialog).getByRole('button', { name: '停用双因素认证' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((c) => c.url.pathname.endsWith('/disable')).map((c) => c.body)).toEqual([
      { code: '000000' },
      { code: 'abcde-fgh1k' },
    ]);
    expect(await screen.findByText('已停用双因素认证')).toBeInTheDocument();
  });
});
