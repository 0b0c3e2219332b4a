import { AUDIT_ACTION_LABELS } from '@kaoping/contracts/audit-log';
import type { AuditContext } from '../../lib/audit-context';

/** The fields a summary may show, old → new; nothing else (never ballot contents or passwords). */
const LABELS: Record<string, string> = {
  name: '名称',
  title: '标题',
  type: '类型',
  weight: '权重',
  is_active: '启用',
  test_mode: '试投票',
  access_mode: '投票方式',
  expected_voters: '应到人数',
  opens_at: '开始时间',
  closes_at: '截止时间',
  closed_at: '结束时间',
  status: '状态',
  description: '说明',
  birth_date: '出生日期',
  previous_position: '原任职务',
  current_position: '现任职务',
  public_url: '公开地址',
  role: '角色',
  disabled: '停用',
};

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function shown(v: unknown): string {
  if (v === null || v === undefined || v === '') return '空';
  if (typeof v === 'boolean') return v ? '是' : '否';
  if (v instanceof Date) return v.toISOString();
  return String(v).slice(0, 60);
}

const label = (row: Record<string, unknown> | null | undefined) => {
  const v = row?.name ?? row?.title ?? row?.username;
  return typeof v === 'string' ? `“${v.slice(0, 40)}”` : '';
};

/** A short line of what a write changed: new object, deleted object, or each known field old → new. */
export function summarise(
  action: string,
  request: { method: string; body: unknown },
  status: number,
  ctx: AuditContext,
  answer: unknown,
): string {
  return changeLine(request.method, status, ctx, answer) || fallback(action, request.body);
}

/** The action's name, with the number of rows a list body touched (a reorder, an import). */
function fallback(action: string, body: unknown) {
  const items = (body as { items?: unknown } | null)?.items;
  const count = Array.isArray(items) ? `（${items.length} 项）` : '';
  return `${AUDIT_ACTION_LABELS[action] ?? action}${count}`;
}

function changeLine(method: string, status: number, ctx: AuditContext, answer: unknown): string {
  const after =
    answer && typeof answer === 'object' && !Array.isArray(answer)
      ? (answer as Record<string, unknown>)
      : null;
  if (method === 'DELETE') return ctx.before ? `删除${label(toSnake(ctx.before))}` : '';
  if (status === 201 && !ctx.before) return `新建${label(after)}`;
  if (!ctx.before || !after) return '';
  const before = toSnake(ctx.before);
  const changes = Object.keys(LABELS)
    .filter((k) => k in after && k in before && shown(before[k]) !== shown(after[k]))
    .map((k) => `${LABELS[k]}：${shown(before[k])} → ${shown(after[k])}`);
  return changes.length ? `${label(before)} ${changes.join('；')}`.trim() : `修改${label(before)}`;
}

function toSnake(row: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [snake(k), v]));
}
