import type { TotpEnableResponse, TotpSetupResponse } from '@kaoping/contracts/totp';
import { adminRequest } from '@/lib/api-client';

/** POST /admin/auth/totp/setup: a new secret (pending) and its otpauth:// address for the QR code. */
export const setUpTotp = () => adminRequest<TotpSetupResponse>('/admin/auth/totp/setup', { method: 'POST' });

/** POST /admin/auth/totp/enable: the app's current code turns it on; answers the ten recovery codes. */
export const enableTotp = (code: string) =>
  adminRequest<TotpEnableResponse>('/admin/auth/totp/enable', { method: 'POST', body: { code } });

/** POST /admin/auth/totp/disable: one's own second factor off, with a current code or a recovery code. */
export const disableTotp = (code: string) =>
  adminRequest<void>('/admin/auth/totp/disable', { method: 'POST', body: { code } });
