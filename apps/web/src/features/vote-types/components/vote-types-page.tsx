import { ComingSoon } from '@/components/coming-soon';

export default function Page() {
  return <ComingSoon title="投票类型管理" />;
}
