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
  /** Every action and user in the visible log, for the filters. */
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

/** Chinese names of the audit actions, for the screen and the export. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'account.create': '新建账号',
  'account.update': '修改账号',
  'account.reset_password': '重置密码',
  'account.delete': '删除账号',
  'account.password_change': '修改本人密码',
  'settings.update': '修改系统设置',
  'company.create': '新建单位',
  'company.rename': '重命名单位',
  'company.delete': '删除单位',
  'poll.create': '新建问卷',
  'poll.copy_from_template': '从模板导入问卷',
  'poll.update': '修改问卷',
  'poll.delete': '删除问卷',
  'vote_type.create': '新建投票类型',
  'vote_type.update': '修改投票类型',
  'vote_type.delete': '删除投票类型',
  'vote_type.access_mode': '修改投票方式',
  'vote_type.test_mode': '修改试投票',
  'vote_type.close': '结束投票',
  'vote_type.reopen': '重新开放投票',
  'vote_type.go_formal': '转为正式投票',
  'ballot_codes.issue': '发放测评码',
  'ballot_codes.void': '作废测评码',
  'paper.print': '打印纸质选票',
  'paper.enter': '录入纸质票',
  'paper.correct': '更正/核对纸质票',
  'paper.withdraw': '撤回纸质票',
  'vote_target.create': '新建测评对象',
  'vote_target.update': '修改测评对象',
  'vote_target.delete': '删除测评对象',
  'vote_target.reorder': '调整测评对象排序',
  'vote_target.import': '导入测评对象',
  'evaluation_subject.create': '新建评议对象',
  'evaluation_subject.update': '修改评议对象',
  'evaluation_subject.delete': '删除评议对象',
  'evaluation_subject.reorder': '调整评议对象排序',
  'evaluation_subject.import': '导入评议对象',
  'cover.upload': '上传封面/封底',
  'cover.delete': '删除封面/封底',
  'cover.apply_to_all': '封面应用到全部',
  'votes.voter.delete': '删除投票人答卷（民主测评）',
  'cadre_votes.voter.delete': '删除投票人答卷（民主评议）',
};
