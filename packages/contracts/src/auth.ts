import { z } from 'zod';

export const usernameSchema = z
  .string({ error: '用户名必须是文本' })
  .trim()
  .min(2, { error: '用户名至少 2 个字符' })
  .max(32, { error: '用户名不能超过 32 个字符' })
  .regex(/^[\p{L}\p{N}_.@-]+$/u, { error: '用户名只能包含文字、数字和 _ . @ -' });

export const passwordSchema = z
  .string({ error: '密码必须是文本' })
  .min(8, { error: '密码至少 8 个字符' })
  .max(128, { error: '密码不能超过 128 个字符' });

/** POST /admin/auth/login, sent as a multipart form. */
export const loginBody = z.object({
  username: z.string({ error: '请输入用户名' }).trim().min(1, { error: '请输入用户名' }).max(64),
  password: z.string({ error: '请输入密码' }).min(1, { error: '请输入密码' }).max(128),
});
export type LoginBody = z.infer<typeof loginBody>;

/** POST /admin/auth/register. */
export const registerBody = z.strictObject({
  username: usernameSchema,
  password: passwordSchema,
  registration_code: z.string().max(200).optional(),
});
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

export const adminUser = z.object({
  id: z.number().int(),
  username: z.string(),
  elevated_until: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUser>;

/** Whether /register is open to a visitor: the first account, or with a registration code. */
export const registrationStatus = z.object({
  has_users: z.boolean(),
  code_required: z.boolean(),
  open: z.boolean(),
});
export type RegistrationStatus = z.infer<typeof registrationStatus>;
