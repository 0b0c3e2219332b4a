import { z } from 'zod';

// Two-factor sign-in (TOTP, RFC 6238; issue 27): an authenticator app shows a 6-digit code every 30
// seconds from a secret it scanned once as a QR code; ten one-time recovery codes stand in for a lost phone.

/** The issuer an authenticator app shows beside the account name. */
export const TOTP_ISSUER = '考评';
/** How many one-time recovery codes enabling the second factor answers. */
export const RECOVERY_CODE_COUNT = 10;

/** A 6-digit code from the authenticator app, as the login form's `otp` field holds it. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;

/** POST /admin/auth/totp/setup: a new secret, pending until a code confirms it. */
export const totpSetupResponse = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** otpauth://totp/考评:<username>?secret=…&issuer=考评 (percent-encoded), shown as a QR code. */
  otpauth_url: z.string(),
});
export type TotpSetupResponse = z.infer<typeof totpSetupResponse>;

/** POST /admin/auth/totp/enable: the code the app shows for the pending secret. */
export const totpEnableBody = z.strictObject({
  code: z
    .string({ error: '请输入验证码' })
    .trim()
    .regex(TOTP_CODE_PATTERN, { error: '验证码是验证器上显示的 6 位数字' }),
});
export type TotpEnableBody = z.infer<typeof totpEnableBody>;

/** The answer of enable: the recovery codes, shown once and stored only as MACs. */
export const totpEnableResponse = z.object({
  recovery_codes: z.array(z.string()),
});
export type TotpEnableResponse = z.infer<typeof totpEnableResponse>;

/** POST /admin/auth/totp/disable: one's own second factor off, with a current code or a recovery code. */
export const totpDisableBody = z.strictObject({
  code: z
    .string({ error: '请输入动态验证码或恢复码' })
    .trim()
    .min(1, { error: '请输入动态验证码或恢复码' })
    .max(32, { error: '验证码过长' }),
});
export type TotpDisableBody = z.infer<typeof totpDisableBody>;
