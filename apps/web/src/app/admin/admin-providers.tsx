import type { ReactNode } from 'react';
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

/** antd in Chinese, react-query and the advanced-mode prompt: everything the admin pages share. */
export function AdminProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={ADMIN_THEME}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <AdvancedModeProvider>{children}</AdvancedModeProvider>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
