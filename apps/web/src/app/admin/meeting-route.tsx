import MeetingPage from '@/features/meeting/components/meeting-page';
import { AdminProviders } from './admin-providers';

/** 会场大屏 fills the screen: it has the admin's providers but not the admin layout and its menu. */
export default function MeetingRoute() {
  return (
    <AdminProviders>
      <MeetingPage />
    </AdminProviders>
  );
}
