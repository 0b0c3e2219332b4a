import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MeetingBoard, MeetingShare, MeetingShareState } from '@kaoping/contracts/meeting';
import { adminRequest } from '@/lib/api-client';

/** The signed-in screen asks this often (the projector's share link gets server-sent events). */
export const ADMIN_BOARD_REFRESH_MS = 1_500;

export function useMeetingBoard(companyId: number) {
  return useQuery({
    queryKey: ['meeting', companyId, 'board'],
    queryFn: () => adminRequest<MeetingBoard>(`/admin/meeting/${companyId}`),
    refetchInterval: ADMIN_BOARD_REFRESH_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
  });
}

export function useMeetingShare(companyId: number) {
  return useQuery({
    queryKey: ['meeting', companyId, 'share'],
    queryFn: () => adminRequest<MeetingShareState>(`/admin/meeting/${companyId}/share`),
  });
}

/** Creates a new share link (the old one stops working) or revokes it. */
export function useShareActions(companyId: number) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['meeting', companyId, 'share'] });
  const create = useMutation({
    mutationFn: () => adminRequest<MeetingShare>(`/admin/meeting/${companyId}/share`, { method: 'POST' }),
    onSuccess: refresh,
  });
  const revoke = useMutation({
    mutationFn: () => adminRequest<null>(`/admin/meeting/${companyId}/share`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  return { create, revoke };
}

/**
 * The switch 在大屏显示汇总: on only after the organiser confirmed that the figures about people go to the
 * whole hall (`confirm: true`; the server answers 409 while a covered vote type is not 已完成计票).
 */
export function useSummarySwitch(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (show: boolean) =>
      adminRequest<{ shows_summary: boolean }>(`/admin/meeting/${companyId}/summary`, {
        method: 'PUT',
        body: show ? { show, confirm: true } : { show },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ['meeting', companyId, 'board'] }),
  });
}
