import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Company } from '@kaoping/contracts/company';
import { adminRequest } from '@/lib/api-client';

export const createCompany = (name: string) =>
  adminRequest<Company>('/admin/companies/', { method: 'POST', body: { name } });

export const renameCompany = (id: number, name: string) =>
  adminRequest<Company>(`/admin/companies/${id}`, { method: 'PATCH', body: { name } });

export const deleteCompany = (id: number) =>
  adminRequest<void>(`/admin/companies/${id}`, { method: 'DELETE' });

/** Create, rename and delete; each refreshes every company list (the selectors too). */
export function useCompanyMutations() {
  const qc = useQueryClient();
  const invalidate = () => qc.invalidateQueries({ queryKey: ['companies'] });
  return {
    create: useMutation({ mutationFn: createCompany, onSuccess: invalidate }),
    rename: useMutation({
      mutationFn: ({ id, name }: { id: number; name: string }) => renameCompany(id, name),
      onSuccess: invalidate,
    }),
    remove: useMutation({ mutationFn: deleteCompany, onSuccess: invalidate }),
  };
}
