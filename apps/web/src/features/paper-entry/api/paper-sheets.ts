import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SubmissionBody } from '@kaoping/contracts/public-vote-types';
import { adminRequest } from '@/lib/api-client';
import type {
  PaperForm,
  PaperSheet,
  PaperSheetCheck,
  PaperSheetList,
  PaperSheetState,
} from '@kaoping/contracts/paper-ballots';

// The paper entry screen's calls (design-16.md): the form, the check of a typed or scanned key, the
// sheets entered, and entering, correcting, settling and withdrawing one sheet.

const base = (voteTypeId: number) => `/admin/vote-types/${voteTypeId}/paper`;
const sheetPath = (voteTypeId: number, key: string) =>
  `${base(voteTypeId)}/sheets/${encodeURIComponent(key.trim())}`;

/** Every query of one vote type's paper sheets and form starts with this key. */
export const paperKey = (voteTypeId: number) => ['paper', voteTypeId] as const;

export const getPaperForm = (voteTypeId: number) => adminRequest<PaperForm>(`${base(voteTypeId)}/form`);

export function usePaperForm(voteTypeId: number) {
  return useQuery({
    queryKey: [...paperKey(voteTypeId), 'form'],
    queryFn: () => getPaperForm(voteTypeId),
  });
}

/** GET …/paper/sheets/{key}: can this code (or sheet number) be keyed now? */
export const checkSheet = (voteTypeId: number, key: string) =>
  adminRequest<PaperSheetCheck>(sheetPath(voteTypeId, key));

export interface SheetListParams {
  state?: PaperSheetState;
  page: number;
  page_size: number;
}

export const getSheets = (voteTypeId: number, params: SheetListParams) =>
  adminRequest<PaperSheetList>(`${base(voteTypeId)}/sheets`, { query: { ...params } });

/** One page of the sheets entered, newest first; the page on screen stays while the next loads. */
export function useSheets(voteTypeId: number, params: SheetListParams) {
  return useQuery({
    queryKey: [...paperKey(voteTypeId), 'sheets', params],
    queryFn: () => getSheets(voteTypeId, params),
    placeholderData: keepPreviousData,
  });
}

export const getSheetDetail = (voteTypeId: number, key: string) =>
  adminRequest<PaperSheet>(`${sheetPath(voteTypeId, key)}/detail`);

export function useSheetDetail(voteTypeId: number, key: string | undefined) {
  return useQuery({
    queryKey: [...paperKey(voteTypeId), 'detail', key],
    queryFn: () => getSheetDetail(voteTypeId, key!),
    enabled: key !== undefined,
    staleTime: 0,
  });
}

/** POST …/paper/sheets: the first (or second) entry of a sheet. */
export const enterSheet = (voteTypeId: number, key: string, ballots: SubmissionBody['ballots']) =>
  adminRequest<PaperSheet>(`${base(voteTypeId)}/sheets`, { method: 'POST', body: { key, ballots } });

/** PUT …/paper/sheets/{key}: correct a counted sheet, or settle a conflict. */
export const rekeySheet = (voteTypeId: number, key: string, ballots: SubmissionBody['ballots']) =>
  adminRequest<PaperSheet>(sheetPath(voteTypeId, key), { method: 'PUT', body: { ballots } });

/** DELETE …/paper/sheets/{key}: the ballot removed, the code free again. */
export const withdrawSheet = (voteTypeId: number, key: string) =>
  adminRequest<void>(sheetPath(voteTypeId, key), { method: 'DELETE' });

/** After a write: the sheets, the counts and every figure of the results screens. */
export function useRefreshPaper(voteTypeId: number) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: paperKey(voteTypeId) });
    void qc.invalidateQueries({ queryKey: ['results'] });
    void qc.invalidateQueries({ queryKey: ['ballot-codes'] });
  };
}
