// Error codes (issue 25): every error body is `{ detail, code }` with a code of the contracts' one table
// (packages/contracts/src/errors.ts). The table is checked here, the server's source is scanned for the
// free-text refusals that came before it, and a few refusals of the framework itself are checked answer
// by answer; the route walks (route-walk.test.ts, fuzz-routes.test.ts) check every refusal they meet.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type ErrorCode, ERRORS, errorDetail } from '@kaoping/contracts/errors';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeProblem } from './helpers/error-codes';
import { createTestContext, type TestContext } from './helpers/test-app';

const entries = Object.entries(ERRORS) as [ErrorCode, { status: number; detail: string }][];

describe('the table of error codes', () => {
  it('names each refusal in UPPER_SNAKE with a 4xx or 5xx status', () => {
    expect(entries.length).toBeGreaterThan(100);
    expect(entries.filter(([code]) => !/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/.test(code)).map(([c]) => c)).toEqual(
      [],
    );
    expect(entries.filter(([, e]) => !(e.status >= 400 && e.status <= 599)).map(([c]) => c)).toEqual([]);
  });

  it('gives each code a Chinese detail that says more than its placeholders', () => {
    const bare = entries.filter(([, e]) => e.detail.replace(/\{\w+\}/g, '').trim() === '');
    expect(bare.map(([c]) => c)).toEqual([]);
    expect(entries.filter(([, e]) => !/[\u4e00-\u9fff]/.test(e.detail)).map(([c]) => c)).toEqual([]);
  });

  it('has one code per refusal: no two codes with the same detail and status', () => {
    // The same words may answer different refusals (a voter's closed link, 403, and closing a vote
    // twice, 409; a bad query, 400, and a bad body, 422), never two codes for one.
    const seen = new Map<string, ErrorCode>();
    const twice: string[] = [];
    for (const [code, e] of entries) {
      const key = `${e.status} ${e.detail}`;
      const first = seen.get(key);
      if (first) twice.push(`${first} = ${code}: ${key}`);
      else seen.set(key, code);
    }
    expect(twice).toEqual([]);
  });

  it('fills the placeholders a detail names', () => {
    expect(errorDetail('COMPANY_NAME_TAKEN', { name: '甲公司' })).toBe('单位名称“甲公司”已存在');
    expect(errorDetail('XLSX_TOO_MANY_ROWS', { max: 2000 })).toBe('一次最多导入 2000 行');
  });
});

describe('the server source', () => {
  const SRC = path.resolve(import.meta.dirname, '../src');
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return files(full);
      return e.name.endsWith('.ts') ? [full] : [];
    });
  // lib/errors.ts defines the transitional helpers until the last call is gone.
  const sources = files(SRC)
    .filter((f) => path.relative(SRC, f) !== path.join('lib', 'errors.ts'))
    .map((f) => ({ file: path.relative(SRC, f), lines: readFileSync(f, 'utf8').split('\n') }));
  const where = (re: RegExp) =>
    sources.flatMap(({ file, lines }) =>
      lines.flatMap((line, i) => (re.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );

  it('throws by code: no free-text refusal helper, no AppError made by hand', () => {
    expect(where(/(?<![.\w])(?:badRequest|unauthorized|forbidden|notFound|conflict|invalid)\(/)).toEqual([]);
    expect(where(/\bnew AppError\(/)).toEqual([]);
  });

  it('uses no transitional LEGACY_ code', () => {
    expect(where(/LEGACY_/)).toEqual([]);
  });
});

describe('refusals of the framework', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('answer each with a code of the table and its status', async () => {
    const cases: [ErrorCode, InjectOptions][] = [
      ['ROUTE_NOT_FOUND', { method: 'GET', url: '/api/v1/no-such-route' }],
      ['UNAUTHORIZED', { method: 'GET', url: '/api/v1/admin/companies/' }],
      [
        'INVALID_JSON',
        {
          method: 'POST',
          url: '/api/v1/admin/auth/login',
          headers: { 'content-type': 'application/json' },
          payload: '{"username": ',
        },
      ],
      ['INVALID_BODY', { method: 'POST', url: '/api/v1/admin/auth/login', payload: { username: 'x' } }],
      [
        'UNSUPPORTED_MEDIA',
        {
          method: 'POST',
          url: '/api/v1/admin/auth/login',
          headers: { 'content-type': 'application/xml' },
          payload: '<a/>',
        },
      ],
      [
        'LOGIN_FAILED',
        {
          method: 'POST',
          url: '/api/v1/admin/auth/login',
          payload: { username: 'nobody', password: 'password123' },
        },
      ],
    ];
    const wrong: string[] = [];
    for (const [code, req] of cases) {
      const res = await ctx.app.inject(req);
      const problem = codeProblem(res.statusCode, res.body);
      if (problem || res.json<{ code: string }>().code !== code)
        wrong.push(`${code}: ${res.statusCode} ${res.body.slice(0, 160)} ${problem ?? ''}`);
    }
    expect(wrong).toEqual([]);
  });
});
