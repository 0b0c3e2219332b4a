import { ComingSoon } from '@/components/coming-soon';

export default function Page() {
  return <ComingSoon title="新提拔任用干部评议表管理" />;
}
