import { downloadAdminFile } from '@/lib/admin-download';

/**
 * GET /admin/vote-types/{id}/poster.pdf: one A4 poster with the QR code of the voting link (link mode), to
 * put up in the meeting room. Offered by the QR dialog and the codes screen.
 */
export const downloadPoster = (voteTypeId: number, fallbackName: string) =>
  downloadAdminFile(`/admin/vote-types/${voteTypeId}/poster.pdf`, {}, fallbackName);
