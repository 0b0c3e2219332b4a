import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PrintedSummary } from '@kaoping/contracts/report-check';
import type { UnitSummary } from '@kaoping/contracts/summary-tables';
import type { RoundThresholds, SummaryThresholdsBody } from '@kaoping/contracts/summary-thresholds';
import { adminRequest } from '@/lib/api-client';

/** Keys start with 'results' so that deleting a voter's ballots refreshes the 汇总表 too. */
const summaryKey = (companyId: number, roundId: number | undefined) =>
  ['results', 'summary', companyId, roundId ?? 'current'] as const;

/** GET /admin/companies/{id}/summary: the official 汇总表 of the unit and round (undefined: current). */
export function useUnitSummary(companyId: number, roundId: number | undefined) {
  return useQuery({
    queryKey: summaryKey(companyId, roundId),
    queryFn: () =>
      adminRequest<UnitSummary>(`/admin/companies/${companyId}/summary`, { query: { round_id: roundId } }),
  });
}

/** PUT /admin/companies/{id}/summary/thresholds, then the 汇总表 is read again with the new flags. */
export function useSetThresholds(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SummaryThresholdsBody) =>
      adminRequest<RoundThresholds>(`/admin/companies/${companyId}/summary/thresholds`, {
        method: 'PUT',
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['results', 'summary', companyId] }),
  });
}

/**
 * GET /admin/companies/{id}/summary/print: the 汇总表 again with the 核验码 of this printing; the screen
 * then shows exactly the figures sealed (they replace the cached 汇总表) and prints the code under them.
 */
export function usePrintSummary(companyId: number, roundId: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      adminRequest<PrintedSummary>(`/admin/companies/${companyId}/summary/print`, {
        query: { round_id: roundId },
      }),
    onSuccess: (printed) => client.setQueryData(summaryKey(companyId, roundId), printed.summary),
  });
}
