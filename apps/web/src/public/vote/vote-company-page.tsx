import { StatusPage } from '../status-page';

// Built by the public voting issue; until then voters see a clear page rather than a blank one.
export default function NotAvailablePage() {
  return (
    <StatusPage
      tone="info"
      title="投票功能暂未开放"
      description="在线投票功能正在建设中，请稍后再试或联系组织方。"
      action={{ label: '返回首页', href: '/' }}
    />
  );
}
