// The audit log in Chinese (issue 24): the one table of the names of its actions, object types and summary
// fields, and how a stored row reads to a person. Zod-free, so that any screen can render a row. Rows are
// hash-chained and never rewritten: everything here runs when a row is read, from its stored action,
// object type, summary and detail, old rows included.

/** Every audit action (route table and services) → what the screens call it. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'account.create': '新建账号',
  'account.update': '修改账号',
  'account.reset_password': '重置密码',
  'account.delete': '删除账号',
  'account.password_change': '修改本人密码',
  'account.unlock': '解除账号锁定',
  'account.totp_setup': '生成双因素密钥',
  'account.totp_enable': '启用双因素认证',
  'account.totp_disable': '停用双因素认证',
  'account.totp_reset': '重置双因素认证',
  'settings.update': '修改系统设置',
  'company.create': '新建单位',
  'company.rename': '修改单位名称',
  'company.delete': '删除单位',
  'round.create': '开始新一轮测评',
  'round.thresholds': '修改预警阈值',
  'figures.recount': '重新核算',
  'meeting.share': '生成大屏分享链接',
  'meeting.revoke': '撤销大屏分享链接',
  'meeting.summary': '设置在大屏显示汇总',
  'poll.create': '新建问卷',
  'poll.copy_from_template': '从模板导入问卷',
  'poll.update': '修改问卷',
  'poll.delete': '删除问卷',
  'vote_type.create': '新建投票类型',
  'vote_type.update': '修改投票类型',
  'vote_type.delete': '删除投票类型',
  'vote_type.access_mode': '修改投票方式',
  'vote_type.test_mode': '切换试投票',
  'vote_type.close': '结束投票',
  'vote_type.finish_count': '完成计票',
  'vote_type.reopen': '重新开放（退回上一步）',
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
  'recommendation_post.create': '新建推荐职位',
  'recommendation_post.update': '修改推荐职位',
  'recommendation_post.delete': '删除推荐职位',
  'recommendation_post.import': '导入推荐职位',
  'recommendation_post.merge_names': '另提名姓名校改',
  'cover.upload': '上传封面/封底',
  'cover.delete': '删除封面/封底',
  'cover.apply_to_all': '封面/封底应用到全部投票类型',
  'votes.voter.delete': '删除投票人选票',
  'cadre_votes.voter.delete': '删除投票人选票（民主评议）',
  'audit.rechain': '启用审计密钥（重新链接审计日志）',
};

/** Every object type a row may name (the route's object, or the action's first part) → Chinese. */
export const AUDIT_OBJECT_TYPE_LABELS: Record<string, string> = {
  account: '账号',
  settings: '系统设置',
  company: '单位',
  round: '测评批次',
  meeting: '会场大屏',
  poll: '问卷',
  vote_type: '投票类型',
  ballot_codes: '测评码',
  paper: '纸质票',
  vote_target: '测评对象',
  evaluation_subject: '评议对象',
  recommendation_post: '推荐职位',
  cover: '封面/封底',
  vote: '选票（民主测评）',
  votes: '选票',
  cadre_vote: '选票（民主评议）',
  cadre_votes: '选票（民主评议）',
  recommendation_vote: '选票（民主推荐）',
  recommendation_votes: '选票（民主推荐）',
  audit: '审计日志',
  figures: '统计数据',
};

/**
 * The fields a summary may name (a service's detail, or a write's old → new) → the screens' words, in the
 * order a detail reads (the database keeps no order of a detail's keys). Keys ending in `_id` and `id` are
 * never shown.
 */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  name: '名称',
  title: '标题',
  username: '用户名',
  company: '单位',
  round: '测评批次',
  archived_round_name: '归档的批次',
  year: '年度',
  vote_type_name: '投票类型',
  type: '类型',
  target_type: '问卷类型',
  form_category: '表单类别',
  voter_identifier: '投票人标识',
  voter_key: '随机编号',
  role: '角色',
  disabled: '停用',
  weight: '权重',
  sort_order: '排序',
  is_active: '启用',
  access_mode: '投票方式',
  test_mode: '试投票',
  expected_voters: '应到人数',
  results_public: '公开结果',
  double_entry: '双人录入核对',
  recommendation_mode: '推荐方式',
  seats: '职数',
  max_choices: '最多推荐人数',
  min_choices: '最少推荐人数',
  write_in_slots: '另提名栏数',
  candidate_order: '人选排序',
  candidates: '参考人选',
  spellings: '原填写姓名',
  merged_name: '校改后的姓名',
  opens_at: '开始时间',
  closes_at: '截止时间',
  status: '状态',
  stage: '阶段',
  state: '纸质票状态',
  closed_at: '结束投票时间',
  counted_at: '完成计票时间',
  description: '说明',
  birth_date: '出生年月',
  previous_position: '原任职务',
  current_position: '现任职务',
  public_url: '公网访问地址',
  thresholds: '预警阈值',
  checked_vote_types: '核算的投票类型数',
  differences: '不一致处',
  mismatched: '不一致的投票类型',
  returned: '收回数',
  paper_sheets: '已录入的纸质票',
  unkeyed_paper_codes: '未录入的纸质票',
  unkeyed_paper_sheets: '未录入的带编号纸质票',
  first_number: '起始编号',
  last_number: '结束编号',
  recalled_codes: '作废的未使用测评码',
  restored_codes: '恢复有效的测评码',
  batch: '批次号',
  count: '数量',
  all_unused: '作废全部未使用的测评码',
  voided: '作废测评码',
  deleted_test_ballots: '删除的试投票选票',
  voided_test_codes: '作废的试投票测评码',
  is_test: '试投票选票',
  deleted_ballots: '删除选票',
  had_votes: '已有选票',
  copied: '复制到新批次',
  polls: '问卷',
  vote_types: '投票类型',
  targets: '测评对象',
  subjects: '评议对象',
  recommendation_posts: '推荐职位',
  covers: '封面/封底',
  reason: '原因',
  from: '原为',
  to: '改为',
};

/** A field's place in that order (fields without a label last). */
const FIELD_ORDER = new Map(Object.keys(AUDIT_FIELD_LABELS).map((k, i) => [k, i]));
const order = (k: string) => FIELD_ORDER.get(k) ?? FIELD_ORDER.size;

/** Words summaries stored before this table used for a field (read back to the field). */
const OLD_FIELD_WORDS: Record<string, string> = {
  公开地址: 'public_url',
  结束时间: 'closed_at',
  出生日期: 'birth_date',
};

/** What `name` stands for in a service's detail, by the action's first part. */
const NAME_OF: Record<string, string> = {
  company: '单位',
  vote_type: '投票类型',
  ballot_codes: '投票类型',
  paper: '投票类型',
  vote_target: '测评对象',
  evaluation_subject: '评议对象',
  round: '新批次',
  poll: '问卷',
};

/** The value words of the fields that hold a code (the screens' words; contracts test keeps them equal). */
export const AUDIT_VALUE_LABELS: Record<string, Record<string, string>> = {
  access_mode: { link: '公开链接', codes: '测评码' },
  form_category: {
    democratic_appraisal: '民主测评',
    democratic_evaluation: '民主评议',
    democratic_recommendation: '民主推荐',
  },
  recommendation_mode: { meeting: '会议推荐', talk: '谈话调研推荐' },
  candidate_order: { typed: '按录入顺序', surname_strokes: '按姓氏笔画' },
  stage: { voting: '投票中', counting: '投票结束', counted: '已完成计票' },
  state: { new: '未录入', pending: '待第二次录入', conflict: '两次录入不一致', counted: '已计票' },
  status: { open: '进行中', closed: '已结束', not_started: '未开始', inactive: '已停用' },
  role: { system_admin: '系统管理员', unit_admin: '单位管理员', auditor: '监督员' },
  type: { company: '领导班子', person: '个人' },
  target_type: {
    company: '领导班子民主测评问卷',
    person: '个人民主测评问卷',
    cadre: '选人用人工作问卷',
    newly_promoted: '新提拔任用干部问卷',
  },
};

/** 重新开放 goes back one step: the step before each. */
const STEP_BEFORE: Record<string, string> = { counted: 'counting', counting: 'voting' };

/** Actions whose detail says `from` / `to` of one field. */
const FROM_TO: Record<string, string> = {
  'vote_type.access_mode': 'access_mode',
  'vote_type.reopen': 'stage',
};

/** Free text typed by a person: shown in quotes. */
const QUOTED = new Set([
  'name',
  'title',
  'username',
  'company',
  'round',
  'archived_round_name',
  'vote_type_name',
  'voter_identifier',
  'voter_key',
  'public_url',
  'reason',
  'description',
]);

/** Values that are a sentence of their own (the meeting screen's switches): shown without a label. */
const BARE = new Set(['summary', 'share']);

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as Beijing time to the minute: '2025-03-01 09:30' (China keeps UTC+8 all year). */
export function beijingMinutes(at: string | Date): string {
  const d = new Date(new Date(at).getTime() + 8 * 3600_000);
  if (Number.isNaN(d.getTime())) return String(at);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

export const auditActionLabel = (action: string) => AUDIT_ACTION_LABELS[action] ?? action;

/** The object type's Chinese name: the stored type, else the action's first part (rows of services). */
export function auditObjectTypeLabel(objectType: string | null, action?: string): string | null {
  const type = objectType ?? action?.split('.')[0];
  return type ? (AUDIT_OBJECT_TYPE_LABELS[type] ?? null) : null;
}

/** A field's Chinese name (the `title` of a 测评对象 is its 职务). */
export function auditFieldLabel(key: string, objectType?: string | null): string {
  if (key === 'title' && objectType === 'vote_target') return '职务';
  return AUDIT_FIELD_LABELS[key] ?? key;
}

/** A field of a service's detail: there `name` names the object the action is about. */
const detailLabel = (key: string, object: string | undefined, action?: string) =>
  (key === 'name' || key === 'title') && object && NAME_OF[object]
    ? NAME_OF[object]
    : (action && BY_ACTION[action]?.[key]) || auditFieldLabel(key, object);

/** Fields that mean something else in one action: 重新开放 names the time of the step it undid. */
const BY_ACTION: Record<string, Record<string, string>> = {
  'vote_type.reopen': { closed_at: '原结束投票时间', counted_at: '原完成计票时间' },
};

/** One value as a person reads it: codes in the screens' words, 是/否, Beijing minutes, '空'. */
export function auditValueText(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '空';
  if (typeof value === 'boolean' || value === 'true' || value === 'false') {
    return value === true || value === 'true' ? '是' : '否';
  }
  if (value instanceof Date) return beijingMinutes(value);
  if (Array.isArray(value)) return value.map((v) => auditValueText(key, v)).join('、') || '无';
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .sort(([a], [b]) => order(a) - order(b))
      .map(([k, v]) => `${auditFieldLabel(k)} ${auditValueText(k, v)}`)
      .join('、');
  }
  const text = String(value);
  if (ISO_INSTANT.test(text)) return beijingMinutes(text);
  const word = AUDIT_VALUE_LABELS[key]?.[text];
  if (word) return word;
  const short = text.length > 60 ? `${text.slice(0, 60)}…` : text;
  return QUOTED.has(key) ? `“${short}”` : short;
}

const shownKey = (k: string) => k !== 'id' && !k.endsWith('_id');

/** A service's detail (what `recordAudit` stores) as one line: '投票类型：“中层”；投票方式：测评码；…'. */
export function auditDetailText(action: string, detail: Record<string, unknown>): string {
  const object = action.split('.')[0];
  const field = FROM_TO[action];
  const parts: string[] = [];
  if ('from' in detail && 'to' in detail) {
    const k = field ?? 'from';
    const label = field ? auditFieldLabel(field) : '变更';
    parts.push(`${label}：${auditValueText(k, detail.from)} → ${auditValueText(field ?? 'to', detail.to)}`);
  }
  const reopened = action === 'vote_type.reopen' && typeof detail.stage === 'string' && !('from' in detail);
  for (const [k, v] of Object.entries(detail).sort(([a], [b]) => order(a) - order(b))) {
    if (!shownKey(k) || k === 'from' || k === 'to' || v === undefined) continue;
    if (reopened && k === 'stage') {
      const to = STEP_BEFORE[v as string];
      parts.push(`${auditFieldLabel(k)}：${auditValueText(k, v)} → ${to ? auditValueText(k, to) : '空'}`);
      continue;
    }
    if (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0) continue;
    if (BARE.has(k) && typeof v === 'string') parts.push(v);
    else parts.push(`${detailLabel(k, object, action)}：${auditValueText(k, v)}`);
  }
  return parts.join('；');
}

/** A line a service or an older server wrote as 'key: value；key: value' (machine words). */
const MACHINE_PART = /^([a-z][a-z0-9_]*): ?(.*)$/s;
const isMachineLine = (summary: string) =>
  summary.split(/；|; /).every((part) => MACHINE_PART.test(part.trim()));

/** 'label：old → new' written by the audit hook; the values may be stored codes, ISO instants, true/false. */
const CHANGE_PART = /^(.*?)([^\s：“”]+)：(.*?) → (.*)$/s;
const KEY_OF_WORD = new Map<string, string>([
  ...Object.entries(AUDIT_FIELD_LABELS).map(([k, w]) => [w, k] as [string, string]),
  ...Object.entries(OLD_FIELD_WORDS),
]);

/** Reads one stored change ('投票方式：codes → link') in the screens' words. */
function translatePart(part: string, objectType: string | null | undefined): string {
  const machine = MACHINE_PART.exec(part.trim());
  if (machine) {
    const [, key, value] = machine as unknown as [string, string, string];
    return `${detailLabel(key, objectType ?? undefined)}：${auditValueText(key, value)}`;
  }
  const change = CHANGE_PART.exec(part);
  if (!change) return part;
  const [, before, word, from, to] = change as unknown as [string, string, string, string, string];
  const key = KEY_OF_WORD.get(word);
  if (!key) return part;
  const value = (v: string) => (v === '空' ? v : auditValueText(key, v).replace(/^“(.*)”$/s, '$1'));
  return `${before}${word}：${value(from)} → ${value(to)}`;
}

export interface StoredAuditRow {
  action: string;
  object_type: string | null;
  summary: string;
  detail?: unknown;
}

/**
 * The summary of a stored row as a person reads it. A service's row whose summary is the machine line (or
 * empty, before the chain existed) reads from its detail; a write's old → new line gets its values in the
 * screens' words; a line that is only the action's name gets the action's label.
 */
export function auditSummaryText(row: StoredAuditRow): string {
  const summary = row.summary.trim();
  const detail =
    row.detail && typeof row.detail === 'object' && !Array.isArray(row.detail)
      ? (row.detail as Record<string, unknown>)
      : null;
  const hasDetail = detail !== null && Object.keys(detail).some(shownKey);
  if (hasDetail && (summary === '' || isMachineLine(summary))) return auditDetailText(row.action, detail);
  if (summary === '') return auditActionLabel(row.action);
  // A write of an object without a name (a cover): the verb alone, then what it was done to.
  if (summary === '新建' || summary === '删除' || summary === '修改') {
    return `${summary}${auditObjectTypeLabel(row.object_type, row.action) ?? ''}`;
  }
  const bareAction = /^([a-z_]+(?:\.[a-z_]+)+)((（\d+ 项）)?)$/.exec(summary);
  if (bareAction && AUDIT_ACTION_LABELS[bareAction[1]!]) {
    return `${AUDIT_ACTION_LABELS[bareAction[1]!]}${bareAction[2]}`;
  }
  const objectType = row.action.split('.')[0];
  return summary
    .split(isMachineLine(summary) ? /；|; / : '；')
    .map((part) => translatePart(part, objectType))
    .join('；');
}

/** The labels a client shows beside a stored row's machine codes. */
export function auditLabels(row: StoredAuditRow) {
  return {
    action_label: auditActionLabel(row.action),
    object_type_label: auditObjectTypeLabel(row.object_type, row.action),
    summary_text: auditSummaryText(row),
  };
}
