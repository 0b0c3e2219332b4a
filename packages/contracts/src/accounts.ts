import { z } from 'zod';
import { idSchema } from './common';
import { passwordNotUsername, passwordSchema, role, usernameSchema } from './auth';

const unitIds = z
  .array(idSchema, { error: '单位必须是 ID 列表' })
  .max(1000, { error: '单位太多' })
  .refine((ids) => new Set(ids).size === ids.length, { error: '单位不能重复' });

/**
 * What 5 wrong passwords in 15 minutes lock, each counted apart: sign-in, the advanced-mode password, the
 * current password of a password change.
 */
export const LOCK_KINDS = ['login', 'advanced', 'password'] as const;
export type LockKind = (typeof LOCK_KINDS)[number];
export const LOCK_KIND_LABELS: Record<LockKind, string> = {
  login: '登录',
  advanced: '高级模式验证',
  password: '修改密码',
};

/** An admin account as the accounts screen shows it (system admins only). */
export const account = z.object({
  id: z.number().int(),
  username: z.string(),
  role: role.nullable(),
  all_units: z.boolean(),
  unit_ids: z.array(z.number().int()),
  disabled: z.boolean(),
  must_change_password: z.boolean(),
  /** 双因素: a second factor (TOTP) is on. */
  totp_enabled: z.boolean(),
  /** Live locks after 5 wrong passwords (issue 27): which check, and until when (ISO). */
  locks: z.array(z.object({ kind: z.enum(LOCK_KINDS), until: z.string() })),
  created_at: z.string(),
});
export type Account = z.infer<typeof account>;
export const accountList = z.array(account);

/** POST /admin/users/: the new account must change its password at first sign-in. */
export const accountCreateBody = z
  .strictObject({
    username: usernameSchema,
    password: passwordSchema,
    role,
    all_units: z.boolean().default(false),
    unit_ids: unitIds.default([]),
  })
  .superRefine(passwordNotUsername);
export type AccountCreateBody = z.infer<typeof accountCreateBody>;

/** PATCH /admin/users/{id}: role, units, disabled; what is left out stays. */
export const accountUpdateBody = z
  .strictObject({
    role: role.optional(),
    all_units: z.boolean().optional(),
    unit_ids: unitIds.optional(),
    disabled: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { error: '没有要修改的内容' });
export type AccountUpdateBody = z.infer<typeof accountUpdateBody>;

/** POST /admin/users/{id}/reset-password: the user must change it at next sign-in. */
export const resetPasswordBody = z.strictObject({ password: passwordSchema });
