import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Account } from '@kaoping/contracts/accounts';
import type { AuditPage } from '@kaoping/contracts/audit-log';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AdminRoot from '@/app/admin/admin-root';
import AccountsPage from '@/features/accounts/components/accounts-page';
import AuditLogPage from '@/features/audit-log/components/audit-log-page';
import { mockFetch, renderAdmin, renderRoutes, SYSTEM_ADMIN } from './render';

// The admin shell loads its menu, icons and dialogs: slow in jsdom on a busy machine.
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
  must_change_password: true,
  totp_enabled: false,
  locks: [],
  created_at: '2026-01-01T00:00:00Z',
  ...over,
});

describe('accounts screen', () => {
  it('lists accounts with role and units and creates a unit admin for one unit', async () => {
    const list = [
      account({
        id: 1,
        username: 'admin',
        role: 'system_admin',
        all_units: true,
        unit_ids: [],
        must_change_password: false,
      }),
    ];
    const calls = mockFetch({
      [`GET ${A}/users/`]: () => ({ body: list }),
      [`GET ${A}/companies/`]: () => ({ body: companies }),
      [`POST ${A}/users/`]: ({ body }) => {
        const made = account({ id: 3, ...(body as Partial<Account>) });
        list.push(made);
        return { status: 201, body: made };
      },
    });
    renderAdmin(<AccountsPage />, '/admin/accounts');
    expect(await screen.findByText('当前账号')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /新建账号/ }));
    const dialog = (
      await screen.findAllByText('新建账号', { selector: '.ant-modal-title' })
    )[0]!.closest<HTMLElement>('[role="dialog"]')!;
    fireEvent.change(within(dialog).getByLabelText('用户名'), { target: { value: 'unit-b' } });
    fireEvent.change(within(dialog).getByLabelText('初始密码'), { target: { value: 'first-pass-1' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('甲单位'));
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      username: 'unit-b',
      password: 'first-pass-1',
      role: 'unit_admin',
      all_units: false,
      unit_ids: [1],
    });
    expect(await screen.findByText('unit-b')).toBeInTheDocument();
    expect(screen.getAllByText('待修改密码').length).toBeGreaterThan(0);
  });
});

describe('audit log screen', () => {
  it('shows rows with Chinese action names and reports the chain check', async () => {
    const page: AuditPage = {
      items: [
        {
          id: 7,
          created_at: '2026-11-23T02:00:00Z',
          user_id: 1,
          username: 'admin',
          role: 'system_admin',
          action: 'vote_target.update',
          company_id: 1,
          company_name: '甲单位',
          object_type: 'vote_target',
          object_id: '3',
          summary: '“张三” 名称：张三 → 李四',
          action_label: '修改测评对象',
          object_type_label: '测评对象',
          summary_text: '“张三” 名称：张三 → 李四',
        },
      ],
      total: 1,
      actions: ['vote_target.update'],
      users: [{ id: 1, username: 'admin' }],
    };
    mockFetch({
      [`GET ${A}/audit-log/`]: () => ({ body: page }),
      [`GET ${A}/companies/`]: () => ({ body: companies }),
      [`GET ${A}/audit-log/verify`]: () => ({
        body: {
          intact: false,
          scope: 'all',
          checked: 6,
          legacy: 0,
          first_broken_id: 7,
          detail: '审计链发现 1 处问题：第 7 条记录的内容与其 MAC 不符，可能被改动',
          problems: [{ id: 7, kind: 'bad_mac', detail: '第 7 条记录的内容与其 MAC 不符，可能被改动' }],
          problem_count: 1,
          anchor: null,
        },
      }),
    });
    renderAdmin(<AuditLogPage />, '/admin/audit-log');
    expect(await screen.findByText('修改测评对象')).toBeInTheDocument();
    expect(screen.getByText('“张三” 名称：张三 → 李四')).toBeInTheDocument();
    expect(screen.getByText('admin（系统管理员）')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /校验完整性/ }));
    expect(await screen.findByText('审计链发现 1 处问题')).toBeInTheDocument();
    expect(screen.getByText('第 7 条记录的内容与其 MAC 不符，可能被改动')).toBeInTheDocument();
  });
});

/** The shell's first render is slow in jsdom: poll with plain timers until `find` stops throwing. */
async function eventually<T>(find: () => T): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return find();
    } catch (err) {
      if (i > 150) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

describe('admin shell by role', () => {
  const shell = (me: object, path: string) => {
    // A token per test: the signed-in admin is cached per token.
    localStorage.setItem('access_token', `token-${Math.random()}`);
    mockFetch({
      [`GET ${A}/auth/me`]: () => ({ body: me }),
      [`GET ${A}/companies/`]: () => ({ body: companies }),
    });
    return renderRoutes(
      [
        {
          path: '/admin',
          element: <AdminRoot />,
          children: [
            { path: '*', element: <p>页面内容</p> },
            { index: true, element: <p>单位页</p> },
          ],
        },
      ],
      path,
    );
  };

  it('shows an auditor only the results and the audit log, and refuses an editing page', async () => {
    shell({ ...SYSTEM_ADMIN, role: 'auditor', all_units: false, unit_ids: [1] }, '/admin/vote-types');
    expect(await eventually(() => screen.getByText('无权访问此页面'))).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '打开菜单' }));
    expect(await eventually(() => screen.getAllByText('审计日志'))).not.toHaveLength(0);
    expect(screen.getAllByText('测评结果').length).toBeGreaterThan(0);
    expect(screen.queryByText('投票类型')).not.toBeInTheDocument();
    expect(screen.queryByText('账号管理')).not.toBeInTheDocument();
  });

  it('asks an account that must change its password before anything else', async () => {
    shell({ ...SYSTEM_ADMIN, must_change_password: true }, '/admin/results');
    expect(
      await eventually(() =>
        screen.getByText('首次登录、密码被重置或密码不符合安全要求时，请先设置新密码。'),
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('页面内容')).not.toBeInTheDocument();
  });

  it('tells an account without a role to ask for one', async () => {
    shell({ ...SYSTEM_ADMIN, role: null, all_units: false }, '/admin/results');
    expect(await eventually(() => screen.getByText('账号尚未分配角色'))).toBeInTheDocument();
  });
});
