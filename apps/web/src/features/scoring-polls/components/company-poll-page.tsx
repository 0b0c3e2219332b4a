import { ComingSoon } from '@/components/coming-soon';

export default function Page() {
  return <ComingSoon title="班子测评表管理" />;
}
