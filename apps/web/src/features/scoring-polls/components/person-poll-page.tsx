import { ComingSoon } from '@/components/coming-soon';

export default function Page() {
  return <ComingSoon title="个人测评表管理" />;
}
