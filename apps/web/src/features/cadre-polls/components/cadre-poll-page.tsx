import { ComingSoon } from '@/components/coming-soon';

export default function Page() {
  return <ComingSoon title="选人用人工作问卷管理" />;
}
