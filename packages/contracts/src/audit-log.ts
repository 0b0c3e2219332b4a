import { z } from 'zod';
import { idSchema, instant, pagedOf, pagingQuery } from './common';
import { role } from './auth';

/** One row of the audit log (GET /admin/audit-log/). */
export const auditEntry = z.object({
  id: z.number().int(),
  created_at: z.string(),
  user_id: z.number().int().nullable(),
  username: z.string(),
  role: role.nullable(),
  action: z.string(),
  company_id: z.number().int().nullable(),
  company_name: z.string().nullable(),
  object_type: z.string().nullable(),
  object_id: z.string().nullable(),
  summary: z.string(),
  /** The action in Chinese (audit-labels.ts), e.g. 'round.create' → '开始新一轮测评'. */
  action_label: z.string(),
  /** The object type in Chinese (单位, 投票类型, …); null when the row names none. */
  object_type_label: z.string().nullable(),
  /** The summary as a person reads it: field names and values in the screens' words, Beijing time. */
  summary_text: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditFilterQuery = z.object({
  company_id: idSchema.optional(),
  user_id: idSchema.optional(),
  action: z.string().max(80).optional(),
  from: instant.optional(),
  to: instant.optional(),
});
export type AuditFilterQuery = z.infer<typeof auditFilterQuery>;
export const auditListQuery = pagingQuery.extend(auditFilterQuery.shape);
export type AuditListQuery = z.infer<typeof auditListQuery>;

export const auditPage = pagedOf(auditEntry).extend({
  /** Every action (machine code; audit-labels.ts names it) and user in the visible log, for the filters. */
  actions: z.array(z.string()),
  users: z.array(z.object({ id: z.number().int().nullable(), username: z.string() })),
});
export type AuditPage = z.infer<typeof auditPage>;

/** GET /admin/audit-log/verify: whether every row still matches its hash and the one before it. */
export const auditVerify = z.object({
  intact: z.boolean(),
  checked: z.number().int(),
  /** Rows written before the chain existed (no hash), not checked. */
  legacy: z.number().int(),
  first_broken_id: z.number().int().nullable(),
  detail: z.string(),
});
export type AuditVerify = z.infer<typeof auditVerify>;
