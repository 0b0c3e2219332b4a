import { useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { KeyOutlined, LogoutOutlined, MenuOutlined, SafetyOutlined } from '@ant-design/icons';
import { ROLE_LABELS, type Role } from '@kaoping/contracts/auth';
import { Button, Drawer, Grid, Layout, Menu, Result, Spin, Typography } from 'antd';
import type { MenuProps } from 'antd';
import { useMe } from '@/api/me';
import { ChangePasswordDialog } from '@/features/auth/components/change-password-dialog';
import { TwoFactorDialog } from '@/features/auth/components/two-factor-dialog';
import { adminRequest } from '@/lib/api-client';
import { clearToken, readClaims } from '@/lib/auth-token';
import { AdminProviders } from './admin-providers';
import { ADMIN_MENU, roleMayOpen } from './admin-menu';
import './admin.css';

const menuItemsFor = (role: Role | null | undefined): MenuProps['items'] =>
  ADMIN_MENU.map((group) => ({
    type: 'group' as const,
    label: group.label,
    key: group.label,
    children: group.entries
      .filter((e) => e.ready && !!role && roleMayOpen(role, e.path))
      .map((e) => ({ key: e.path, icon: e.icon, label: e.label })),
  })).filter((g) => g.children.length > 0);

function currentKey(pathname: string): string {
  const rest = pathname.replace(/^\/admin\/?/, '');
  if (rest.startsWith('company/')) return rest.split('/')[2] ?? '';
  return rest.split('/')[0] ?? '';
}

function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const role = useMe().data?.role;
  const menuItems = menuItemsFor(role);
  const location = useLocation();
  const navigate = useNavigate();
  const company = new URLSearchParams(location.search).get('company');
  return (
    <Menu
      mode="inline"
      selectedKeys={[currentKey(location.pathname)]}
      items={menuItems}
      onClick={({ key }) => {
        // Keep the chosen company when moving between screens.
        navigate(`/admin${key ? `/${key}` : ''}${company ? `?company=${company}` : ''}`);
        onNavigate?.();
      }}
    />
  );
}

function AdminShell() {
  const screens = Grid.useBreakpoint();
  const navigate = useNavigate();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const username = readClaims()?.username ?? '';
  const wide = screens.lg ?? true;
  const me = useMe();
  const [changing, setChanging] = useState(false);
  const [securing, setSecuring] = useState(false);
  // REQUIRE_2FA: after a forced password change, the second factor before anything else.
  const mustSetUpTotp = !!me.data?.must_set_up_totp && !me.data.must_change_password;
  const role = me.data?.role;

  const logout = () => {
    // The server ends the session (its tokens stop working everywhere); the token is read before it goes.
    void adminRequest('/admin/auth/logout', { method: 'POST' }).catch(() => undefined);
    clearToken();
    navigate('/login', { replace: true });
  };

  return (
    <Layout className="kp-admin">
      {wide && (
        <Layout.Sider width={220} theme="light" className="kp-admin-sider">
          <div className="kp-admin-logo">考评 · 管理后台</div>
          <SideMenu />
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header className="kp-admin-header">
          {!wide && (
            <Button
              type="text"
              icon={<MenuOutlined />}
              aria-label="打开菜单"
              onClick={() => setDrawerOpen(true)}
            />
          )}
          {!wide && <span className="kp-admin-logo-inline">考评</span>}
          <div className="kp-admin-header-right">
            <Typography.Text type="secondary" className="kp-admin-user">
              {username}
              {role ? ` · ${ROLE_LABELS[role]}` : ''}
            </Typography.Text>
            <Button icon={<KeyOutlined />} onClick={() => setChanging(true)} aria-label="修改密码">
              {wide ? '修改密码' : null}
            </Button>
            <Button icon={<SafetyOutlined />} onClick={() => setSecuring(true)} aria-label="双因素认证">
              {wide ? '双因素认证' : null}
            </Button>
            <Button icon={<LogoutOutlined />} onClick={logout}>
              退出登录
            </Button>
          </div>
        </Layout.Header>
        <Layout.Content className="kp-admin-content">
          <Guarded />
        </Layout.Content>
      </Layout>
      <Drawer
        placement="left"
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        size={240}
        title="考评 · 管理后台"
      >
        <SideMenu onNavigate={() => setDrawerOpen(false)} />
      </Drawer>
      <ChangePasswordDialog
        open={changing || !!me.data?.must_change_password}
        forced={!!me.data?.must_change_password}
        onClose={() => setChanging(false)}
      />
      <TwoFactorDialog
        open={securing || mustSetUpTotp}
        forced={mustSetUpTotp}
        onClose={() => setSecuring(false)}
      />
    </Layout>
  );
}

/** The page, if the role may open it: an auditor lands on the results, others see why not. */
function Guarded() {
  const me = useMe();
  const location = useLocation();
  const key = currentKey(location.pathname);
  if (me.isLoading) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  // Without an answer (offline) the page itself reports the failure.
  if (!me.data) return <Outlet />;
  if (me.data.must_change_password) return <Result status="info" title="请先修改密码" />;
  if (me.data.must_set_up_totp) return <Result status="info" title="请先启用双因素认证" />;
  const role = me.data.role;
  if (!role)
    return <Result status="403" title="账号尚未分配角色" subTitle="请联系系统管理员为您分配角色和单位。" />;
  if (roleMayOpen(role, key)) return <Outlet />;
  if (key === '') return <Navigate to={`/admin/results${location.search}`} replace />;
  return <Result status="403" title="无权访问此页面" subTitle="您的角色不能使用此功能。" />;
}

/** The /admin layout: providers, side menu (a drawer on phones), header with logout. */
export default function AdminRoot() {
  return (
    <AdminProviders>
      <AdminShell />
    </AdminProviders>
  );
}
