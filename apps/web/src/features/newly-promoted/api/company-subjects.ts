import { useQuery } from '@tanstack/react-query';
import type { EvaluationSubject } from '@kaoping/contracts/evaluation-subject';
import { adminRequest } from '@/lib/api-client';

/** GET /admin/evaluation-subjects/company/{companyId}: every subject, inactive ones too, by sort_order. */
export const getCompanySubjects = (companyId: number) =>
  adminRequest<EvaluationSubject[]>(`/admin/evaluation-subjects/company/${companyId}`);

/** The subjects for the preview table; a failure just means the preview shows sample rows. */
export function useCompanySubjects(companyId: number) {
  return useQuery({
    queryKey: ['evaluation-subjects', companyId],
    queryFn: () => getCompanySubjects(companyId),
    retry: false,
  });
}
