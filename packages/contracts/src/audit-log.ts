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

/** What one problem of the audit chain is (GET /admin/audit-log/verify). */
export const auditProblemKind = z.enum([
  /** The first row left points at a row that is gone: rows deleted at the start. */
  'missing_start',
  /** A row does not follow the one before it: rows deleted (or the one before changed) in between. */
  'missing_middle',
  /** The newest anchor's last row is gone: rows deleted at the end. */
  'missing_end',
  /** Fewer rows up to the anchor's last row than it counted (rows deleted), or more (rows inserted). */
  'missing_rows',
  'extra_rows',
  /** The anchor's last row is there with another MAC: the chain was rewritten. */
  'anchor_mismatch',
  /** The row's keyed MAC does not match: edited, time moved, recomputed without the key, or forged. */
  'bad_mac',
  /** The row has no MAC (nulled, or a legacy row after the one-time re-chaining). */
  'no_mac',
  /** An anchor (table row or file line) whose own MAC does not match: forged or edited. */
  'bad_anchor',
  /** An anchor the data folder's file holds is gone from (or changed in) the database. */
  'anchor_deleted',
]);
export type AuditProblemKind = z.infer<typeof auditProblemKind>;

export const auditProblem = z.object({
  /** The row it concerns; null for a count or an anchor. */
  id: z.number().int().nullable(),
  kind: auditProblemKind,
  /** What is wrong, in Chinese. */
  detail: z.string(),
});
export type AuditProblem = z.infer<typeof auditProblem>;

/**
 * GET /admin/audit-log/verify: every row checked from the first against its keyed MAC and the row before it,
 * the whole against the newest anchor (decision 0044). A unit admin (scope `units`) hears about its own
 * units' rows only: no totals, no anchor counts, no problem of another unit's row.
 */
export const auditVerify = z.object({
  intact: z.boolean(),
  /** `all`: the whole chain; `units`: only the rows of the admin's units were answered about. */
  scope: z.enum(['all', 'units']),
  /** Rows checked (of the admin's units for scope `units`). */
  checked: z.number().int(),
  /** Rows without a MAC among them (each also named in `problems`). */
  legacy: z.number().int(),
  /** The first row named by a problem; null when intact. */
  first_broken_id: z.number().int().nullable(),
  /** One sentence: 完整, or how many problems and the first. */
  detail: z.string(),
  /** Every problem found (the first 200; `problem_count` counts them all). */
  problems: z.array(auditProblem),
  problem_count: z.number().int(),
  /** The newest anchor the check used; counts only for scope `all`. */
  anchor: z
    .object({
      created_at: z.string(),
      row_count: z.number().int().nullable(),
      last_id: z.number().int().nullable(),
      /** Where it was found: the database, the data folder's anchor file, or both. */
      source: z.enum(['database', 'file', 'both']),
    })
    .nullable(),
});
export type AuditVerify = z.infer<typeof auditVerify>;
