import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SettingsView } from '@kaoping/contracts/settings';
import { adminRequest } from '@/lib/api-client';

export const settingsKey = ['settings'] as const;

/** GET /admin/settings: the server-wide settings (the public address voting links are built from). */
export const getSettings = () => adminRequest<SettingsView>('/admin/settings');

export const settingsQueryOptions = () => queryOptions({ queryKey: settingsKey, queryFn: getSettings });

/**
 * Read by the settings screen and by the screens that warn when no public address is configured; asked
 * again whenever such a screen opens, so a warning never outlives the fix.
 */
export function useSettings() {
  return useQuery({ ...settingsQueryOptions(), staleTime: 0 });
}
