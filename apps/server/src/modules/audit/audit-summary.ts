import {
  auditActionLabel,
  auditFieldLabel,
  auditObjectTypeLabel,
  auditValueText,
} from '@kaoping/contracts/audit-labels';
import type { AuditContext } from '../../lib/audit-context';

/**
 * The fields a write's summary compares, old → new; nothing else (never ballot contents or passwords).
 * Their Chinese names and value words are in contracts/audit-labels.ts.
 */
const COMPARED = [
  'name',
  'title',
  'type',
  'form_category',
  'weight',
  'sort_order',
  'is_active',
  'test_mode',
  'access_mode',
  'expected_voters',
  'results_public',
  'double_entry',
  'opens_at',
  'closes_at',
  'closed_at',
  'status',
  'description',
  'birth_date',
  'previous_position',
  'current_position',
  'public_url',
  'role',
  'disabled',
];

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A value in the screens' words, unquoted (the line quotes only the object's name). */
const shown = (key: string, v: unknown) => auditValueText(key, v).replace(/^“(.*)”$/s, '$1');

/** The object's name in quotes ('' without one). */
const label = (row: Record<string, unknown> | null | undefined) => {
  const v = row?.name ?? row?.title ?? row?.username ?? row?.file_name;
  return typeof v === 'string' && v ? `“${v.slice(0, 40)}”` : '';
};

/** A short line of what a write changed: new object, deleted object, or each known field old → new. */
export function summarise(
  action: string,
  request: { method: string; body: unknown },
  status: number,
  ctx: AuditContext,
  answer: unknown,
): string {
  return changeLine(action, request.method, status, ctx, answer) || fallback(action, request.body);
}

/** The action's name, with the number of rows a list body touched (a reorder, an import). */
function fallback(action: string, body: unknown) {
  const items = (body as { items?: unknown } | null)?.items;
  const count = Array.isArray(items) ? `（${items.length} 项）` : '';
  return `${auditActionLabel(action)}${count}`;
}

function changeLine(
  action: string,
  method: string,
  status: number,
  ctx: AuditContext,
  answer: unknown,
): string {
  const object = ctx.objectType;
  const what = (row: Record<string, unknown> | null) =>
    label(row) || (auditObjectTypeLabel(object, action) ?? '');
  const after =
    answer && typeof answer === 'object' && !Array.isArray(answer)
      ? (answer as Record<string, unknown>)
      : null;
  if (method === 'DELETE') return ctx.before ? `删除${what(toSnake(ctx.before))}` : '';
  if (status === 201 && !ctx.before) return `新建${what(after)}`;
  if (!ctx.before || !after) return '';
  const before = toSnake(ctx.before);
  const changes = COMPARED.filter(
    (k) => k in after && k in before && shown(k, before[k]) !== shown(k, after[k]),
  ).map((k) => `${auditFieldLabel(k, object)}：${shown(k, before[k])} → ${shown(k, after[k])}`);
  return changes.length ? `${label(before)} ${changes.join('；')}`.trim() : `修改${label(before)}`;
}

function toSnake(row: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [snake(k), v]));
}
