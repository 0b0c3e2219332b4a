import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingsBody, SettingsView } from '@kaoping/contracts/settings';
import { settingsKey } from '@/api/settings';
import { adminRequest } from '@/lib/api-client';

/** PUT /admin/settings; every vote type's voting address changes with it, so their lists are read again. */
export function useSaveSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsBody) =>
      adminRequest<SettingsView>('/admin/settings', { method: 'PUT', body }),
    onSuccess: (saved) => {
      qc.setQueryData(settingsKey, saved);
      void qc.invalidateQueries({ queryKey: ['vote-types'] });
    },
  });
}
