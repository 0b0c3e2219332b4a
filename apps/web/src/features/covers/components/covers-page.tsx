import { ComingSoon } from '@/components/coming-soon';

export default function Page() {
  return <ComingSoon title="封面管理" />;
}
