import { useQuery } from '@tanstack/react-query';
import type { SnapshotStatusView } from '@kaoping/contracts/snapshots';
import { adminRequest } from '@/lib/api-client';

export const snapshotStatusKey = ['settings', 'snapshots'] as const;

/** GET /admin/settings/snapshots: where and when the server last wrote a snapshot; read again every 30 s. */
export function useSnapshotStatus() {
  return useQuery({
    queryKey: snapshotStatusKey,
    queryFn: () => adminRequest<SnapshotStatusView>('/admin/settings/snapshots'),
    refetchInterval: 30_000,
    staleTime: 0,
  });
}
