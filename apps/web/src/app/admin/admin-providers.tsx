import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { ApiError } from '@/lib/api-client';
import { AdvancedModeProvider } from '@/components/advanced-mode';

dayjs.locale('zh-cn');

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      refetchOnWindowFocus: false,
      // A 4xx will not get better by asking again.
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
    },
  },
});

export const ADMIN_THEME = { token: { colorPrimary: '#b71c1c', borderRadius: 6 } };

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the system asks for less motion (and follows it when the setting changes). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia?.(REDUCED_MOTION);
      query?.addEventListener?.('change', changed);
      return () => query?.removeEventListener?.('change', changed);
    },
    () => window.matchMedia?.(REDUCED_MOTION)?.matches ?? false,
    () => false,
  );
}

/**
 * antd in Chinese, react-query and the advanced-mode prompt: everything the admin pages share. Where the
 * system asks for reduced motion (an accessibility setting), antd's animations are off: dialogs, drawers,
 * menus and messages appear and go at once.
 */
export function AdminProviders({ children }: { children: ReactNode }) {
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(
    () => (reducedMotion ? { token: { ...ADMIN_THEME.token, motion: false } } : ADMIN_THEME),
    [reducedMotion],
  );
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <AdvancedModeProvider>{children}</AdvancedModeProvider>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
