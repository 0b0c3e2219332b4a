import { and, eq } from 'drizzle-orm';
import type { App } from '../../src/app';
import type { Db } from '../../src/db/client';
import { rounds } from '../../src/db/schema';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A multipart body the way a browser's FormData sends it. */
export function multipartForm(fields: Record<string, string>) {
  const boundary = `----kaoping${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function login(app: App, username: string, password: string) {
  const form = multipartForm({ username, password });
  return app.inject({ method: 'POST', url: '/api/v1/admin/auth/login', ...form });
}

/** Registers (first account) and signs in an administrator; returns its bearer token. */
export async function createAdmin(app: App, username = 'admin', password = 'Password123') {
  const reg = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/auth/register',
    payload: { username, password, registration_code: process.env.TEST_REGISTRATION_CODE },
  });
  const res = await login(app, username, password);
  // The account made before the first reset survives resets (helpers/test-app.ts): then it signs in again.
  if (reg.statusCode !== 201 && res.statusCode !== 200) {
    throw new Error(`register failed: ${reg.statusCode} ${reg.body}`);
  }
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json<{ access_token: string }>().access_token;
}

/** A token with advanced mode switched on. */
export async function elevate(app: App, token: string, password = 'Password123') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/auth/verify-advanced-mode',
    headers: bearer(token),
    payload: { password },
  });
  if (res.statusCode !== 200) throw new Error(`elevate failed: ${res.statusCode} ${res.body}`);
  return res.json<{ access_token: string }>().access_token;
}

export async function createCompany(app: App, token: string, name = '测试单位') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/companies/',
    headers: bearer(token),
    payload: { name },
  });
  if (res.statusCode !== 201) throw new Error(`create company failed: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number; name: string }>();
}

/** A multipart body carrying one file, the way a browser's FormData sends it. */
export function multipartFile(
  data: Buffer,
  fileName = 'file.bin',
  contentType = 'application/octet-stream',
  field = 'file',
) {
  const boundary = `----kaoping${Math.random().toString(16).slice(2)}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
    `Content-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * A maker of rows of a unit in an admin collection: (app, token, companyId, fields) POSTs `defaults` with
 * `fields` over them and answers the created row; throws unless 201.
 */
const maker =
  <T>(collection: string, defaults: Record<string, unknown>) =>
  async (app: App, token: string, companyId: number, fields: Record<string, unknown> = {}): Promise<T> => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/${collection}/`,
      headers: bearer(token),
      payload: { company_id: companyId, ...defaults, ...fields },
    });
    if (res.statusCode !== 201) throw new Error(`create ${collection} failed: ${res.statusCode} ${res.body}`);
    return res.json<T>();
  };

type Row = { id: number; name: string; sort_order: number; company_id: number };

export const createVoteType = maker<{ id: number; link_id: string; company_id: number; sort_order: number }>(
  'vote-types',
  { name: '班子成员', form_category: 'democratic_appraisal' },
);
export const createVoteTarget = maker<Row>('vote-targets', { name: '张三' });
export const createEvaluationSubject = maker<Row>('evaluation-subjects', { name: '李四' });

/** The unit's current round (测评批次), for tests that write rows straight into the database. */
export async function currentRoundId(db: Db, companyId: number) {
  const [row] = await db
    .select({ id: rounds.id })
    .from(rounds)
    .where(and(eq(rounds.companyId, companyId), eq(rounds.state, 'current')));
  if (!row) throw new Error(`no current round for company ${companyId}`);
  return row.id;
}
