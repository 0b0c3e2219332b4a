import { RegisterPage } from '@/features/auth/components/register-page';
import { AdminProviders } from './admin-providers';

export default function RegisterRoute() {
  return (
    <AdminProviders>
      <RegisterPage />
    </AdminProviders>
  );
}
