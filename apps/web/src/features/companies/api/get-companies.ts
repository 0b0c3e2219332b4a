import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyList } from '@kaoping/contracts/company';
import { adminRequest } from '@/lib/api-client';

export interface CompaniesParams {
  q?: string;
  skip: number;
  limit: number;
}

export const getCompanies = (params: CompaniesParams) =>
  adminRequest<CompanyList>('/admin/companies/', { query: { ...params } });

export const companiesQueryOptions = (params: CompaniesParams) =>
  queryOptions({ queryKey: ['companies', params], queryFn: () => getCompanies(params) });

export function useCompanies(params: CompaniesParams) {
  return useQuery({ ...companiesQueryOptions(params), placeholderData: keepPreviousData });
}
