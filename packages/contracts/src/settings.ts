// Server-wide settings an administrator edits: GET/PUT /api/v1/admin/settings.
import { z } from 'zod';

/** An absolute http(s) address without a path, query or fragment, e.g. https://kp.example.cn or http://10.0.0.5:8080. */
export const publicUrl = z
  .string({ error: '公网访问地址必须是文本' })
  .trim()
  .max(200, { error: '公网访问地址过长' })
  .refine(
    (s) => {
      try {
        const u = new URL(s);
        return (u.protocol === 'http:' || u.protocol === 'https:') && !u.search && !u.hash && !u.username;
      } catch {
        return false;
      }
    },
    { error: '公网访问地址必须是以 http:// 或 https:// 开头的完整地址，例如 https://kp.example.cn' },
  )
  .transform((s) => s.replace(/\/+$/, ''));

export const settingsBody = z.strictObject({ public_url: publicUrl.nullable() });
export type SettingsBody = z.infer<typeof settingsBody>;
export const settingsView = z.object({
  /** The address voting links, QR codes, slips and posters are built from; null when none is configured. */
  public_url: z.string().nullable(),
  /** Where it comes from: the settings screen, the PUBLIC_URL variable, or nowhere. */
  public_url_source: z.enum(['settings', 'env', 'none']),
});
export type SettingsView = z.infer<typeof settingsView>;
