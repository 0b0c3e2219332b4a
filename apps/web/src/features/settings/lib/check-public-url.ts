import { publicUrl } from '@kaoping/contracts/settings';

export type PublicUrlCheck = { ok: true; value: string; warning?: string } | { ok: false; error: string };

// Addresses only the admin's own computer can open: a phone scanning the QR code never reaches them.
const LOCAL_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)$/i;

/**
 * The server's own rule for the public address (an absolute http(s) address without path details),
 * plus a warning for an address that phones cannot reach.
 */
export function checkPublicUrl(typed: string): PublicUrlCheck {
  const parsed = publicUrl.safeParse(typed);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? '地址无效' };
  const host = new URL(parsed.data).hostname;
  return LOCAL_HOST.test(host)
    ? { ok: true, value: parsed.data, warning: '这是本机地址，投票人的手机无法打开，请填写局域网或公网地址' }
    : { ok: true, value: parsed.data };
}
