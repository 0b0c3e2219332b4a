import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IssuedCodes, VoidCodesBody } from '@kaoping/contracts/ballot-codes-api';
import type { AccessMode } from '@kaoping/contracts/ballot-codes';
import type { VoteType } from '@kaoping/contracts/vote-type';
import { codesKey } from '@/api/ballot-codes';
import { voteTypesKey } from '@/api/vote-types';
import { downloadAdminFile } from '@/lib/admin-download';
import { adminRequest } from '@/lib/api-client';

// Reading the codes is shared (the vote types page states their counts): see `@/api/ballot-codes`.
// Issuing, voiding, the slips and the mode switch are this screen's alone.

/** Issuing 5,000 codes takes the server a few seconds: more than the usual 10 s on a slow line. */
const ISSUE_TIMEOUT_MS = 60_000;

export const issueCodes = (voteTypeId: number, count: number) =>
  adminRequest<IssuedCodes>(`/admin/vote-types/${voteTypeId}/codes`, {
    method: 'POST',
    body: { count },
    timeoutMs: ISSUE_TIMEOUT_MS,
  });

export const voidCodes = (voteTypeId: number, body: VoidCodesBody) =>
  adminRequest<{ voided: number }>(`/admin/vote-types/${voteTypeId}/codes/void`, { method: 'POST', body });

/** A4 slips of the unused codes (of one batch when given), to print and cut. */
export const downloadSlips = (voteTypeId: number, batch: number | undefined, fallbackName: string) =>
  downloadAdminFile(`/admin/vote-types/${voteTypeId}/codes.pdf`, { batch }, fallbackName);

export const setAccessMode = (voteType: VoteType, mode: AccessMode) =>
  adminRequest<VoteType>(`/admin/vote-types/${voteType.id}`, {
    method: 'PUT',
    body: { access_mode: mode, company_id: voteType.company_id },
  });

/** Issue and void refresh the codes, the vote type (its counts and state) and the figures. */
export function useCodeMutations(voteType: VoteType) {
  const qc = useQueryClient();
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: codesKey(voteType.id) });
    void qc.invalidateQueries({ queryKey: voteTypesKey(voteType.company_id) });
    void qc.invalidateQueries({ queryKey: ['results'] });
  };
  return {
    issue: useMutation({ mutationFn: (count: number) => issueCodes(voteType.id, count), onSettled: refresh }),
    void: useMutation({
      mutationFn: (body: VoidCodesBody) => voidCodes(voteType.id, body),
      onSettled: refresh,
    }),
    mode: useMutation({
      mutationFn: (mode: AccessMode) => setAccessMode(voteType, mode),
      onSettled: refresh,
    }),
  };
}
