import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render';
import { setToken } from '@/lib/auth-token';
import { RootLayout } from './root-layout';

const routes = [
  {
    element: <RootLayout />,
    children: [
      { path: '/login', element: <p>登录页</p> },
      { path: '/admin', handle: { requiresAuth: true }, element: <p>管理后台</p> },
      { path: '/', element: <p>首页</p> },
    ],
  },
];

describe('global guard', () => {
  it('sends /admin to /login without a token', async () => {
    const { router } = renderRoutes(routes, '/admin');
    expect(await screen.findByText('登录页')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('lets /admin in with a token', async () => {
    setToken('tok');
    renderRoutes(routes, '/admin');
    expect(await screen.findByText('管理后台')).toBeInTheDocument();
  });

  it('leaves public routes open', async () => {
    renderRoutes(routes, '/');
    expect(await screen.findByText('首页')).toBeInTheDocument();
  });
});
