import { useQuery } from '@tanstack/react-query';
import type { CompanyList } from '@kaoping/contracts/company';
import { adminRequest } from '@/lib/api-client';

/**
 * The name of a company, for QR code file names. Same query as the company selector, so it is
 * answered from the cache the selector already filled.
 */
export function useCompanyName(companyId: number | undefined): string | undefined {
  const { data } = useQuery({
    queryKey: ['companies', 'all'],
    queryFn: () => adminRequest<CompanyList>('/admin/companies/', { query: { limit: 1000 } }),
    staleTime: 60_000,
  });
  return data?.items.find((c) => c.id === companyId)?.name;
}
