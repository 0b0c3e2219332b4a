import { z } from 'zod';
import { PASSWORD_HAS_USERNAME, passwordHasUsername, passwordProblem } from './password-rule';

export const usernameSchema = z
  .string({ error: '用户名必须是文本' })
  .trim()
  .min(2, { error: '用户名至少 2 个字符' })
  .max(32, { error: '用户名不能超过 32 个字符' })
  .regex(/^[\p{L}\p{N}_.@-]+$/u, { error: '用户名只能包含文字、数字和 _ . @ -' });

/**
 * A new password (registration, password change, an admin's new or reset password): the rule of
 * password-rule.ts. The username is checked where the body names it (registerBody, accountCreateBody),
 * else by the server against the account's name. Sign-in takes any password (loginBody).
 */
export const passwordSchema = z.string({ error: '密码必须是文本' }).superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** The username check of a body that names both (the issue lands on `password`). */
export const passwordNotUsername = (body: { username: string; password: string }, ctx: z.RefinementCtx) => {
  if (passwordHasUsername(body.password, body.username)) {
    ctx.addIssue({ code: 'custom', message: PASSWORD_HAS_USERNAME, path: ['password'] });
  }
};

/** POST /admin/auth/login, sent as a multipart form. */
export const loginBody = z.object({
  username: z.string({ error: '请输入用户名' }).trim().min(1, { error: '请输入用户名' }).max(64),
  password: z.string({ error: '请输入密码' }).min(1, { error: '请输入密码' }).max(128),
  /** The second factor (issue 27): a 6-digit TOTP code or a recovery code; empty counts as none. */
  otp: z.string().trim().max(32, { error: '动态验证码过长' }).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

/** POST /admin/auth/register. */
export const registerBody = z
  .strictObject({
    username: usernameSchema,
    password: passwordSchema,
    registration_code: z.string().max(200).optional(),
  })
  .superRefine(passwordNotUsername);
export type RegisterBody = z.infer<typeof registerBody>;
/** The 201 answer of /register. */
export const registeredUser = z.object({ id: z.number(), username: z.string() });
export type RegisteredUser = z.infer<typeof registeredUser>;

export const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  /** ISO time until which advanced mode lasts; only on verify-advanced-mode. */
  elevated_until: z.string().optional(),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

/** POST /admin/auth/register answers the new account and a token: the new administrator is signed in. */
export const registerResponse = z.object({
  id: z.number().int(),
  username: z.string(),
  access_token: z.string(),
  token_type: z.literal('bearer'),
});
export type RegisterResponse = z.infer<typeof registerResponse>;

export const verifyAdvancedModeBody = z.strictObject({
  password: z.string({ error: '请输入密码' }).min(1, { error: '请输入密码' }).max(128),
});

/** The roles of admin accounts and their Chinese names. */
export const ROLES = ['system_admin', 'unit_admin', 'auditor'] as const;
export const role = z.enum(ROLES, { error: '角色只能是 system_admin、unit_admin 或 auditor' });
export type Role = z.infer<typeof role>;
export const ROLE_LABELS: Record<Role, string> = {
  system_admin: '系统管理员',
  unit_admin: '单位管理员',
  auditor: '监督员',
};

/** GET /admin/auth/me: who is signed in, with role and units (all_units: every unit). */
export const adminUser = z.object({
  id: z.number().int(),
  username: z.string(),
  role: role.nullable(),
  all_units: z.boolean(),
  unit_ids: z.array(z.number().int()),
  must_change_password: z.boolean(),
  elevated_until: z.string().nullable(),
  /** A second factor (TOTP) is on for this account. */
  totp_enabled: z.boolean(),
  /** REQUIRE_2FA and none yet: the account sets one up before anything else. */
  must_set_up_totp: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUser>;

/** Whether /register is open to a visitor: the first account, or with a registration code. */
export const registrationStatus = z.object({
  has_users: z.boolean(),
  code_required: z.boolean(),
  open: z.boolean(),
});
export type RegistrationStatus = z.infer<typeof registrationStatus>;

/** PUT /admin/auth/password: one's own password; answers a fresh token (older ones end). */
export const changePasswordBody = z.strictObject({
  current_password: z.string({ error: '请输入当前密码' }).min(1, { error: '请输入当前密码' }).max(128),
  new_password: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;
