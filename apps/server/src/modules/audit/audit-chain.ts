import { createHash } from 'node:crypto';

/** The fields of an audit row that its hash covers (everything but the hash itself). */
export interface ChainedFields {
  id: number;
  userId: number | null;
  username: string;
  role: string | null;
  action: string;
  companyId: number | null;
  objectType: string | null;
  objectId: string | null;
  summary: string;
  detail: unknown;
  createdAt: Date;
  prevHash: string | null;
}

/** JSON with object keys sorted at every level, so jsonb's own key order does not change the hash. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** SHA-256 (hex) of the previous row's hash and this row's content. */
export function rowHash(row: ChainedFields): string {
  const content = canonicalJson({
    id: row.id,
    user_id: row.userId,
    username: row.username,
    role: row.role,
    action: row.action,
    company_id: row.companyId,
    object_type: row.objectType,
    object_id: row.objectId,
    summary: row.summary,
    detail: row.detail,
    created_at: row.createdAt.toISOString(),
  });
  return createHash('sha256')
    .update(row.prevHash ?? '')
    .update('\n')
    .update(content)
    .digest('hex');
}
