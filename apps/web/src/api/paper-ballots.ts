import type { PaperCounts, PaperSheetList } from '@kaoping/contracts/paper-ballots';
import { adminRequest } from '@/lib/api-client';
import { downloadAdminFile } from '@/lib/admin-download';

/**
 * GET /admin/vote-types/{id}/paper.pdf?copies=N[&blank=1]: the official paper ballot, N sheets. Unless
 * `blank`, in codes mode each sheet gets a new one-time code (issued as one batch), in link mode the next
 * sheet number of the vote type (a print run). Offered by the vote types page and the codes screen.
 */
export const downloadPaperBallots = (
  voteTypeId: number,
  copies: number,
  blank: boolean,
  fallbackName: string,
  onProgress?: (bytes: number) => void,
) =>
  downloadAdminFile(
    `/admin/vote-types/${voteTypeId}/paper.pdf`,
    { copies, blank: blank ? 1 : undefined },
    fallbackName,
    onProgress,
  );

/**
 * GET …/paper/sheets?page_size=1: only the counts (paper ballots counted, sheets waiting for a second entry
 * or a settlement; link mode: sheets printed, not keyed yet, the last number printed), for the 完成计票
 * confirmation on the vote types page and the print dialog.
 */
export const getPaperCounts = async (voteTypeId: number): Promise<PaperCounts> =>
  (
    await adminRequest<PaperSheetList>(`/admin/vote-types/${voteTypeId}/paper/sheets`, {
      query: { page_size: 1 },
    })
  ).counts;
