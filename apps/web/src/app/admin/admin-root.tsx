import { useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { LogoutOutlined, MenuOutlined } from '@ant-design/icons';
import { Button, Drawer, Grid, Layout, Menu, Typography } from 'antd';
import type { MenuProps } from 'antd';
import { clearToken, readClaims } from '@/lib/auth-token';
import { AdminProviders } from './admin-providers';
import { ADMIN_MENU } from './admin-menu';
import './admin.css';

const menuItems: MenuProps['items'] = ADMIN_MENU.map((group) => ({
  type: 'group' as const,
  label: group.label,
  key: group.label,
  children: group.entries.filter((e) => e.ready).map((e) => ({ key: e.path, icon: e.icon, label: e.label })),
})).filter((g) => g.children.length > 0);

function currentKey(pathname: string): string {
  const rest = pathname.replace(/^\/admin\/?/, '');
  if (rest.startsWith('company/')) return rest.split('/')[2] ?? '';
  return rest.split('/')[0] ?? '';
}

function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
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

  const logout = () => {
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
            </Typography.Text>
            <Button icon={<LogoutOutlined />} onClick={logout}>
              退出登录
            </Button>
          </div>
        </Layout.Header>
        <Layout.Content className="kp-admin-content">
          <Outlet />
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
    </Layout>
  );
}

/** The /admin layout: providers, side menu (a drawer on phones), header with logout. */
export default function AdminRoot() {
  return (
    <AdminProviders>
      <AdminShell />
    </AdminProviders>
  );
}
