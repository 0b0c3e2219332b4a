import { StatusPage } from './status-page';

export default function NotFoundPage() {
  return (
    <StatusPage
      tone="info"
      title="页面不存在"
      description="您访问的地址不存在或已失效。投票请使用组织方提供的二维码或链接进入。"
      action={{ label: '返回首页', href: '/' }}
    />
  );
}
