import type {
  RegisterResponse,
  RegisterBody,
  RegistrationStatus,
  TokenResponse,
} from '@kaoping/contracts/auth';
import { adminRequest } from '@/lib/api-client';

/**
 * POST /admin/auth/login: username and password as a multipart form (spec §6), with `otp` (a TOTP code
 * or a recovery code) once the server asked for it (OTP_REQUIRED).
 */
export function login(username: string, password: string, otp?: string) {
  const form = new FormData();
  form.append('username', username);
  form.append('password', password);
  if (otp) form.append('otp', otp);
  return adminRequest<TokenResponse>('/admin/auth/login', { method: 'POST', body: form });
}

/** POST /admin/auth/register: the answer carries a token, so the new administrator is signed in. */
export function register(body: RegisterBody) {
  return adminRequest<RegisterResponse>('/admin/auth/register', { method: 'POST', body });
}

export const getRegistrationStatus = () =>
  adminRequest<RegistrationStatus>('/admin/auth/registration-status');

/** PUT /admin/auth/password: one's own password; the answer's token replaces the old ones (they end). */
export function changePassword(body: { current_password: string; new_password: string }) {
  return adminRequest<TokenResponse>('/admin/auth/password', { method: 'PUT', body });
}
