import { isRouteErrorResponse, useRouteError } from 'react-router';
import { StatusPage } from '@/public/status-page';

/** Shown when a page fails to load (e.g. a chunk after a deploy) instead of a blank screen. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <StatusPage
      tone={notFound ? 'info' : 'error'}
      title={notFound ? '页面不存在' : '页面加载失败'}
      description={notFound ? '您访问的地址不存在。' : '网络可能不稳定，请刷新页面重试。'}
      action={{ label: '刷新页面', onClick: () => window.location.reload() }}
    />
  );
}
