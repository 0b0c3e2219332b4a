import { ComingSoon } from '@/components/coming-soon';

export default function Page() {
  return <ComingSoon title="测评对象管理" />;
}
