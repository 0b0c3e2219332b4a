import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EvaluationSubject } from '@kaoping/contracts/evaluation-subject';
import { adminRequest } from '@/lib/api-client';

export const subjectsKey = (companyId: number) => ['evaluation-subjects', companyId] as const;

/** GET /admin/evaluation-subjects/company/{companyId}: every subject, inactive ones too, by sort_order. */
export const getSubjects = (companyId: number) =>
  adminRequest<EvaluationSubject[]>(`/admin/evaluation-subjects/company/${companyId}`);

export const subjectsQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: subjectsKey(companyId), queryFn: () => getSubjects(companyId) });

/**
 * Every subject of the company; idle without a company. `retry: false` where a failure only means
 * something less (the questionnaire preview then shows sample rows).
 */
export function useSubjects(companyId: number | undefined, opts: { retry?: false } = {}) {
  return useQuery({
    ...subjectsQueryOptions(companyId ?? 0),
    enabled: companyId !== undefined,
    ...opts,
  });
}
