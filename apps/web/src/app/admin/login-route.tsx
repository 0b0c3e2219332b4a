import { LoginPage } from '@/features/auth/components/login-page';
import { AdminProviders } from './admin-providers';

export default function LoginRoute() {
  return (
    <AdminProviders>
      <LoginPage />
    </AdminProviders>
  );
}
