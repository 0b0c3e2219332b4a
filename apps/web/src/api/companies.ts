import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyList } from '@kaoping/contracts/company';
import { adminRequest } from '@/lib/api-client';

export interface CompaniesParams {
  q?: string;
  skip?: number;
  limit: number;
}

/** Every company list is under 'companies', so creating, renaming or deleting one refreshes them all. */
export const companiesKey = (params: CompaniesParams) => ['companies', params] as const;

/** GET /admin/companies/: a page of companies, optionally filtered by name. */
export const getCompanies = (params: CompaniesParams) =>
  adminRequest<CompanyList>('/admin/companies/', { query: { ...params } });

export const companiesQueryOptions = (params: CompaniesParams) =>
  queryOptions({ queryKey: companiesKey(params), queryFn: () => getCompanies(params) });

/** One page of the company list (the companies screen); the old page stays while the next loads. */
export function useCompanies(params: CompaniesParams) {
  return useQuery({ ...companiesQueryOptions(params), placeholderData: keepPreviousData });
}

// Organisation departments manage tens to a few hundred units: one request, filtered in the browser.
const ALL: CompaniesParams = { limit: 1000 };

/** Every company (selectors, names in file names): one request shared by all screens. */
export function useAllCompanies() {
  return useQuery({ ...companiesQueryOptions(ALL), staleTime: 60_000 });
}

/** A company's name (QR code file names), answered from the list the company selector already loaded. */
export function useCompanyName(companyId: number | undefined): string | undefined {
  return useAllCompanies().data?.items.find((c) => c.id === companyId)?.name;
}
