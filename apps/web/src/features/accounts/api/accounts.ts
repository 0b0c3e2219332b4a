import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Account, AccountUpdateBody, accountCreateBody } from '@kaoping/contracts/accounts';
import type { z } from 'zod';
import { adminRequest } from '@/lib/api-client';

const key = ['accounts'] as const;

export function useAccounts() {
  return useQuery({ queryKey: key, queryFn: () => adminRequest<Account[]>('/admin/users/') });
}

function useAccountWrite<V>(send: (v: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => client.invalidateQueries({ queryKey: key }) });
}

export const useCreateAccount = () =>
  useAccountWrite((body: z.input<typeof accountCreateBody>) =>
    adminRequest<Account>('/admin/users/', { method: 'POST', body }),
  );

export const useUpdateAccount = () =>
  useAccountWrite(({ id, ...body }: AccountUpdateBody & { id: number }) =>
    adminRequest<Account>(`/admin/users/${id}`, { method: 'PATCH', body }),
  );

/** POST /admin/users/{id}/unlock: a system admin lifts the locks after 5 wrong passwords (audited). */
export const useUnlockAccount = () =>
  useAccountWrite((id: number) => adminRequest<Account>(`/admin/users/${id}/unlock`, { method: 'POST' }));

export const useResetPassword = () =>
  useAccountWrite(({ id, password }: { id: number; password: string }) =>
    adminRequest<void>(`/admin/users/${id}/reset-password`, { method: 'POST', body: { password } }),
  );

/** POST /admin/users/{id}/totp/reset: a system admin turns another account's second factor off (audited). */
export const useResetTotp = () =>
  useAccountWrite((id: number) => adminRequest<void>(`/admin/users/${id}/totp/reset`, { method: 'POST' }));
