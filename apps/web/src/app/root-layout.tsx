import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { getToken } from '@/lib/auth-token';
import type { RouteHandle } from './routes';

/** The global guard: a route marked `requiresAuth` without a stored token goes to /login. */
export function RootLayout() {
  const matches = useMatches();
  const location = useLocation();
  const needsAuth = matches.some((m) => (m.handle as RouteHandle | undefined)?.requiresAuth);
  if (needsAuth && !getToken()) {
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  }
  return <Outlet />;
}
