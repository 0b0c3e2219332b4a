import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUser, Role } from '@kaoping/contracts/auth';
import { adminRequest } from '@/lib/api-client';
import { getToken } from '@/lib/auth-token';

export const meKey = ['me'] as const;

/** GET /admin/auth/me: who is signed in, with role, units and whether the password must be changed. */
export const getMe = () => adminRequest<AdminUser>('/admin/auth/me');

// Keyed by the token too: after signing out and in as someone else, the old role is never shown.
export const meQueryOptions = () =>
  queryOptions({ queryKey: [...meKey, getToken()], queryFn: getMe, staleTime: 60_000 });

/** The signed-in admin: the shell shapes the menu by its role, screens hide what the role cannot do. */
export function useMe() {
  return useQuery(meQueryOptions());
}

/** The role, once known (undefined while loading). */
export function useRole(): Role | null | undefined {
  const me = useMe();
  return me.data ? me.data.role : undefined;
}

/** True for a role that may change a unit's data (not an auditor, not an account without a role). */
export const canEdit = (role: Role | null | undefined) => role === 'system_admin' || role === 'unit_admin';
