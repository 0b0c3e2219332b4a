// Issue 27: an insider who holds the database but not the audit key (AUDIT_KEY or the data folder's key)
// cannot quietly rewrite the audit log. Each tampering found before the keyed chain is done here, directly
// in the database, and GET /audit-log/verify must name it (which row, what is wrong); an untouched chain
// verifies. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL (microsecond times on both).
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuditVerify } from '@kaoping/contracts/audit-log';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { ephemeralKeys } from '../src/lib/keys';
import { anchorAudit, anchorFileIn } from '../src/modules/audit/audit-anchor';
import { canonicalJson, legacyRowHash, rowMac, useAuditChain } from '../src/modules/audit/audit-chain';
import { appendAudit } from '../src/modules/audit/audit.repository';
import { createAccount } from './helpers/accounts';
import { bearer, createAdmin, createCompany } from './helpers/factories';
import { createTestContext, type TestContext } from './helpers/test-app';

interface Row {
  id: number;
  user_id: number | null;
  username: string;
  role: string | null;
  action: string;
  company_id: number | null;
  object_type: string | null;
  object_id: string | null;
  summary: string;
  detail: unknown;
  prev_hash: string | null;
  hash: string | null;
  mac_alg: string | null;
  t: string;
}

/** One test world: a database, a system admin, units A and B, a unit admin of A. */
function world(env: Record<string, string> = {}) {
  const w = {} as { ctx: TestContext; sys: string; unitA: number; unitB: number; adminA: string };
  beforeAll(async () => {
    w.ctx = await createTestContext(env);
    w.sys = await createAdmin(w.ctx.app, 'root');
    w.unitA = (await createCompany(w.ctx.app, w.sys, '甲单位')).id;
    w.unitB = (await createCompany(w.ctx.app, w.sys, '乙单位')).id;
    w.adminA = (
      await createAccount(w.ctx.app, w.sys, { username: 'admin-a', role: 'unit_admin', unit_ids: [w.unitA] })
    ).token;
  }, 120_000);
  afterAll(() => w.ctx.close());
  return w;
}

const exec = (ctx: TestContext, q: ReturnType<typeof sql>) => ctx.database.db.execute(q);
const rowsOf = async (ctx: TestContext, where = sql`TRUE`) =>
  (
    (await ctx.database.db.execute(
      sql`SELECT *, id::int AS id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS t
          FROM audit_log WHERE ${where} ORDER BY audit_log.id`,
    )) as unknown as { rows: Row[] }
  ).rows;

/** 40 rows (units A, B and none in turn), then an anchor of that head, as the minute's timer takes it. */
async function seed(w: ReturnType<typeof world>, n = 40) {
  await exec(w.ctx, sql`TRUNCATE audit_log, audit_anchors RESTART IDENTITY`);
  for (let i = 1; i <= n; i++) {
    await appendAudit(w.ctx.database.db, {
      userId: null,
      username: 'seed',
      role: 'system_admin',
      action: 'vote_target.update',
      companyId: [w.unitA, w.unitB, null][i % 3]!,
      objectType: 'vote_target',
      objectId: String(i),
      summary: `name: 对象${i}`,
      detail: { name: `对象${i}`, n: i, nested: { b: [1, 'x'], a: null } },
    });
  }
  await anchorAudit(w.ctx.database.db, w.ctx.app.keys, 'test');
}

async function verify(w: ReturnType<typeof world>, token = w.sys) {
  const res = await w.ctx.app.inject({ url: '/api/v1/admin/audit-log/verify', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json<AuditVerify>();
}

const kinds = (v: AuditVerify) => v.problems.map((p) => `${p.kind}:${p.id ?? '-'}`);

/** A second instance of the server on the same database with the same key (a restart, or another node). */
async function anotherApp(w: ReturnType<typeof world>, dataDir?: string, env: Record<string, string> = {}) {
  return buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }),
    database: w.ctx.database,
    jwtSecret: 'test-secret-test-secret-test-secret-1234',
    keys: w.ctx.app.keys,
    dataDir,
  });
}

/**
 * What an insider without the key does to re-seal rows from `from` on: the product's own MAC recipe and
 * algorithm (the source is public), with a key of its own making, each row linked to the one before.
 */
async function recomputeWithoutKey(w: ReturnType<typeof world>, from: number) {
  const own = ephemeralKeys(w.ctx.app.keys.suite);
  const rows = await rowsOf(w.ctx);
  let prev = rows.find((r) => r.id === from - 1)?.hash ?? null;
  for (const r of rows.filter((x) => x.id >= from)) {
    const fields = {
      id: r.id,
      userId: r.user_id,
      username: r.username,
      role: r.role,
      action: r.action,
      companyId: r.company_id,
      objectType: r.object_type,
      objectId: r.object_id,
      summary: r.summary,
      detail: r.detail,
      prevHash: prev,
    };
    const mac = rowMac(own, r.mac_alg!, fields, r.t)!;
    await exec(w.ctx, sql`UPDATE audit_log SET prev_hash = ${prev}, hash = ${mac} WHERE id = ${r.id}`);
    prev = mac;
  }
}

describe('the keyed audit chain (SHA-256)', () => {
  const w = world();
  beforeEach(() => seed(w));

  it('verifies an untouched chain, against its newest anchor, on this database', async () => {
    const v = await verify(w);
    expect(v).toMatchObject({ intact: true, scope: 'all', checked: 40, legacy: 0, problems: [] });
    expect(v.anchor).toMatchObject({ row_count: 40, last_id: 40, source: 'database' });
    expect(v.detail).toMatch(/^审计链完整：已逐条核对全部 40 条记录/);
    const [first] = await rowsOf(w.ctx, sql`id = 1`);
    expect(first).toMatchObject({ mac_alg: 'hmac-sha256', prev_hash: null });
    expect(first!.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('names rows deleted at the end: the newest 1', async () => {
    await exec(w.ctx, sql`DELETE FROM audit_log WHERE id = 40`);
    const v = await verify(w);
    expect(v.intact).toBe(false);
    expect(kinds(v)).toEqual(['missing_end:40', 'missing_rows:-']);
    expect(v.problems[0]!.detail).toMatch(
      /末尾的记录被删除：.*共 40 条、最后一条是第 40 条，现在最后一条是第 39 条/,
    );
    expect(v.problems[1]!.detail).toMatch(/1 条记录被删除/);
  });

  it('names rows deleted at the end: the newest 10', async () => {
    await exec(w.ctx, sql`DELETE FROM audit_log WHERE id > 30`);
    const v = await verify(w);
    expect(kinds(v)).toEqual(['missing_end:40', 'missing_rows:-']);
    expect(v.problems[0]!.detail).toMatch(/现在最后一条是第 30 条/);
    expect(v.problems[1]!.detail).toMatch(/10 条记录被删除/);
  });

  it('names rows deleted at the start: the oldest 12', async () => {
    await exec(w.ctx, sql`DELETE FROM audit_log WHERE id <= 12`);
    const v = await verify(w);
    expect(kinds(v)).toEqual(['missing_start:13', 'missing_rows:-']);
    expect(v.first_broken_id).toBe(13);
    expect(v.problems[0]!.detail).toMatch(/第 13 条记录之前的记录缺失/);
    expect(v.problems[1]!.detail).toMatch(/12 条记录被删除/);
  });

  it('names nulled hashes ("legacy" rows) and the one edited among them, and a restart does not re-key them', async () => {
    await exec(w.ctx, sql`UPDATE audit_log SET hash = NULL, prev_hash = NULL, mac_alg = NULL WHERE id <= 5`);
    await exec(w.ctx, sql`UPDATE audit_log SET summary = '改过了' WHERE id = 3`);
    const again = await anotherApp(w);
    await again.close();
    const v = await verify(w);
    expect(v.intact).toBe(false);
    expect(v.legacy).toBe(5);
    expect(kinds(v)).toEqual([1, 2, 3, 4, 5].map((id) => `no_mac:${id}`));
    expect(v.problems[2]!.detail).toBe('第 3 条记录没有 MAC：它的哈希被清空，或是一条未经重新链接的旧记录');
    const rechains = await rowsOf(w.ctx, sql`action = 'audit.rechain'`);
    expect(rechains).toEqual([]);
  });

  it('names every row rewritten and re-sealed with the right algorithm but without the key', async () => {
    await exec(w.ctx, sql`UPDATE audit_log SET summary = '改过了' WHERE id = 20`);
    await recomputeWithoutKey(w, 20);
    const v = await verify(w);
    // The links hold (the insider re-linked them); every MAC from row 20 on is wrong, and so is the head.
    expect(v.problems.filter((p) => p.kind === 'missing_middle')).toEqual([]);
    expect(kinds(v)).toEqual([
      ...Array.from({ length: 21 }, (_, i) => `bad_mac:${20 + i}`),
      'anchor_mismatch:40',
    ]);
    expect(v.first_broken_id).toBe(20);
    expect(v.detail).toMatch(/^发现 22 处问题，第一处：第 20 条记录的 MAC 不符/);
  });

  it('names a forged row appended with correct chaining', async () => {
    const [last] = await rowsOf(w.ctx, sql`id = 40`);
    const own = ephemeralKeys();
    const forged = {
      id: 41,
      userId: null,
      username: 'root',
      role: 'system_admin',
      action: 'company.delete',
      companyId: w.unitA,
      objectType: 'company',
      objectId: String(w.unitA),
      summary: 'name: 甲单位',
      detail: {},
      prevHash: last!.hash,
    };
    const at = new Date();
    const t = at.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
    await exec(
      w.ctx,
      sql`INSERT INTO audit_log (id, user_id, username, role, action, company_id, object_type, object_id, summary,
          detail, prev_hash, hash, mac_alg, created_at)
          VALUES (41, NULL, 'root', 'system_admin', 'company.delete', ${w.unitA}, 'company', ${String(w.unitA)},
          'name: 甲单位', '{}'::jsonb, ${last!.hash}, ${rowMac(own, 'hmac-sha256', forged, t)}, 'hmac-sha256',
          ${at.toISOString()})`,
    );
    const v = await verify(w);
    expect(kinds(v)).toEqual(['bad_mac:41']);
    expect(v.problems[0]!.detail).toMatch(/第 41 条记录的 MAC 不符.*不持有审计密钥者/);
  });

  it('names a time moved by 0.4 ms, either way', async () => {
    await exec(
      w.ctx,
      sql`UPDATE audit_log SET created_at = created_at + interval '0.4 milliseconds' WHERE id = 17`,
    );
    await exec(
      w.ctx,
      sql`UPDATE audit_log SET created_at = created_at - interval '0.4 milliseconds' WHERE id = 25`,
    );
    const [moved] = await rowsOf(w.ctx, sql`id = 17`);
    expect(moved!.t).toMatch(/\.\d{3}400Z$/);
    const v = await verify(w);
    expect(kinds(v)).toEqual(['bad_mac:17', 'bad_mac:25']);
  });

  it('names a row edited or deleted in the middle', async () => {
    await exec(w.ctx, sql`UPDATE audit_log SET detail = '{"name":"别的"}'::jsonb WHERE id = 8`);
    await exec(w.ctx, sql`DELETE FROM audit_log WHERE id = 30`);
    const v = await verify(w);
    expect(kinds(v)).toEqual(['bad_mac:8', 'missing_middle:31', 'missing_rows:-']);
    expect(v.problems[1]!.detail).toMatch(/第 31 条记录接不上前一条（第 29 条）/);
  });

  it('names a forged or edited anchor, and still checks against the newest genuine one', async () => {
    await exec(w.ctx, sql`DELETE FROM audit_log WHERE id > 30`);
    const [row30] = await rowsOf(w.ctx, sql`id = 30`);
    // A forged anchor saying the chain ends at row 30, with a made-up MAC and one made with another key.
    await exec(
      w.ctx,
      sql`INSERT INTO audit_anchors (row_count, last_id, last_mac, mac) VALUES (30, 30, ${row30!.hash}, ${'0'.repeat(64)})`,
    );
    const v = await verify(w);
    expect(kinds(v)).toEqual(['bad_anchor:-', 'missing_end:40', 'missing_rows:-']);
    expect(v.problems[0]!.detail).toBe('数据库中的第 2 号锚点 MAC 不符：锚点被伪造或改动');
    expect(v.anchor).toMatchObject({ row_count: 40, last_id: 40 });

    // The genuine anchor edited to match what is left.
    await exec(w.ctx, sql`DELETE FROM audit_anchors WHERE id = 2`);
    await exec(w.ctx, sql`UPDATE audit_anchors SET row_count = 30, last_id = 30, last_mac = ${row30!.hash}`);
    const edited = await verify(w);
    expect(kinds(edited)).toEqual(['bad_anchor:-']);
    expect(edited.problems[0]!.detail).toBe('数据库中的第 1 号锚点 MAC 不符：锚点被伪造或改动');
  });

  it('keeps anchors in the data folder too: deleted or forged anchors of the table, and the rows they hid, are named', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kaoping-anchors-'));
    const node = await anotherApp(w, dir);
    try {
      await anchorAudit(w.ctx.database.db, w.ctx.app.keys, 'report');
      const lines = readFileSync(anchorFileIn(dir), 'utf8').trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({ id: 2, row_count: 40, last_id: 40, reason: 'report' });
      expect((await verify(w)).anchor).toMatchObject({ row_count: 40, source: 'both' });
      // Inside a transaction that may still roll back, the table alone: a file line is never taken back.
      await w.ctx.database.db.transaction((tx) => anchorAudit(tx, w.ctx.app.keys, 'report'));
      expect(readFileSync(anchorFileIn(dir), 'utf8').trim().split('\n')).toHaveLength(1);
      await exec(w.ctx, sql`DELETE FROM audit_anchors WHERE id = 3`);

      // The insider deletes the newest rows and every anchor of the table.
      await exec(w.ctx, sql`DELETE FROM audit_log WHERE id > 35`);
      await exec(w.ctx, sql`DELETE FROM audit_anchors`);
      const v = await verify(w);
      expect(kinds(v)).toEqual(['anchor_deleted:-', 'missing_end:40', 'missing_rows:-']);
      expect(v.problems[0]!.detail).toMatch(/第 2 号锚点.*在数据文件夹的锚点文件中有，数据库中却没有/);
      expect(v.anchor).toMatchObject({ row_count: 40, source: 'file' });

      // A line forged into the file (the insider has reached the folder, not the key).
      const forged = { ...JSON.parse(lines[0]!), id: 9, row_count: 35, last_id: 35 };
      writeFileSync(anchorFileIn(dir), `${lines[0]}\n${JSON.stringify(forged)}\nnot json\n`);
      const f = await verify(w);
      expect(f.problems.map((p) => p.detail).slice(0, 2)).toEqual([
        '锚点文件倒数第 1 行不是有效的锚点（不是有效的 JSON）',
        '锚点文件倒数第 2 行（第 9 号锚点）MAC 不符：锚点被伪造或改动',
      ]);
      expect(kinds(f)).toContain('missing_end:40');
    } finally {
      await node.close();
      // The other tests anchor in the table alone again.
      useAuditChain(w.ctx.database.db, { keys: w.ctx.app.keys });
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('anchors the head when an instance closes', async () => {
    await appendAudit(w.ctx.database.db, {
      userId: null,
      username: 'seed',
      role: null,
      action: 'settings.update',
      companyId: null,
      objectType: 'settings',
      objectId: null,
      summary: '',
      detail: {},
    });
    const node = await anotherApp(w);
    await node.close();
    const v = await verify(w);
    expect(v).toMatchObject({ intact: true, anchor: { row_count: 41, last_id: 41 } });
  });

  it('answers a unit admin about its own units only', async () => {
    // Tampering with rows of unit B and with the end of the chain: none of it is unit A's.
    await exec(w.ctx, sql`UPDATE audit_log SET summary = '改过了' WHERE company_id = ${w.unitB} AND id < 10`);
    await exec(w.ctx, sql`DELETE FROM audit_log WHERE id > 38 AND company_id IS DISTINCT FROM ${w.unitA}`);
    const mine = (await rowsOf(w.ctx, sql`company_id = ${w.unitA}`)).map((r) => r.id);
    const a = await verify(w, w.adminA);
    expect(a).toMatchObject({
      intact: true,
      scope: 'units',
      checked: mine.length,
      problems: [],
      problem_count: 0,
    });
    expect(a.anchor).toMatchObject({ row_count: null, last_id: null });
    expect(a.detail).toBe(
      `您所管单位的 ${mine.length} 条审计记录完整：已逐条核对它们的 MAC 与前后链接（记录是否被整条删除，由系统管理员或监督员核验整条链）`,
    );
    // No count of the other units' rows (the anchor's time left out: its minutes may read 38 to 40).
    expect(JSON.stringify({ ...a, anchor: { ...a.anchor, created_at: null } })).not.toMatch(
      /\b40\b|\b39\b|\b38\b/,
    );
    const all = await verify(w);
    expect(all.intact).toBe(false);
    expect(all.problem_count).toBeGreaterThanOrEqual(3);

    // A row of unit A edited: the unit admin hears of that row, and of nothing else.
    await exec(w.ctx, sql`UPDATE audit_log SET summary = '改过了' WHERE id = ${mine[2]!}`);
    const b = await verify(w, w.adminA);
    expect(b).toMatchObject({ intact: false, scope: 'units', first_broken_id: mine[2], problem_count: 1 });
    expect(kinds(b)).toEqual([`bad_mac:${mine[2]}`]);
  });
});

describe('re-chaining the rows written before the key', () => {
  const w = world();

  /** Rows as the server before issue 27 left them: 3 with no hash, then an unkeyed SHA-256 chain. */
  async function legacyRows(breakAt?: number) {
    await exec(w.ctx, sql`TRUNCATE audit_log, audit_anchors RESTART IDENTITY`);
    let prev: string | null = null;
    for (let id = 1; id <= 15; id++) {
      const at = new Date(Date.UTC(2025, 0, 1, 8, 0, id));
      const row: Parameters<typeof legacyRowHash>[0] = {
        id,
        userId: null,
        username: 'old',
        role: 'system_admin',
        action: 'company.create',
        companyId: w.unitA,
        objectType: 'company',
        objectId: String(id),
        summary: `name: 单位${id}`,
        detail: {},
        prevHash: prev,
        createdAt: at,
      };
      const hash: string | null = id <= 3 ? null : legacyRowHash(row);
      await exec(
        w.ctx,
        sql`INSERT INTO audit_log (id, username, role, action, company_id, object_type, object_id, summary, detail,
            prev_hash, hash, created_at) VALUES (${id}, 'old', 'system_admin', 'company.create', ${w.unitA}, 'company',
            ${String(id)}, ${id === breakAt ? '改过了' : row.summary}, '{}'::jsonb, ${id <= 3 ? null : prev}, ${hash},
            ${at.toISOString()})`,
      );
      if (hash) prev = hash;
    }
    await exec(w.ctx, sql`SELECT setval(pg_get_serial_sequence('audit_log', 'id'), 15)`);
  }

  it('re-chains them once at start, as an audit row of its own, and verifies after', async () => {
    await legacyRows();
    const node = await anotherApp(w);
    await node.close();
    const rows = await rowsOf(w.ctx);
    expect(rows).toHaveLength(16);
    expect(rows.every((r) => r.mac_alg === 'hmac-sha256' && r.hash)).toBe(true);
    expect(rows[15]).toMatchObject({
      id: 16,
      action: 'audit.rechain',
      username: '系统',
      summary: '启用审计密钥，重新链接此前的 15 条记录（原哈希链完整；其中 3 条早于哈希链）',
    });
    const v = await verify(w);
    expect(v).toMatchObject({ intact: true, checked: 16, anchor: { row_count: 16, last_id: 16 } });
    const page = await w.ctx.app.inject({
      url: '/api/v1/admin/audit-log/?action=audit.rechain',
      headers: bearer(w.sys),
    });
    expect(page.json().items[0]).toMatchObject({
      action_label: '启用审计密钥（重新链接审计日志）',
      object_type_label: '审计日志',
    });

    // Another start (or node) finds the chain keyed: nothing is re-chained, no second row.
    const again = await anotherApp(w);
    await again.close();
    expect(await rowsOf(w.ctx, sql`action = 'audit.rechain'`)).toHaveLength(1);
    expect((await verify(w)).intact).toBe(true);
  });

  it('says so when the old chain was already broken', async () => {
    await legacyRows(9);
    const node = await anotherApp(w);
    await node.close();
    const [row] = await rowsOf(w.ctx, sql`action = 'audit.rechain'`);
    expect(row!.summary).toBe(
      '启用审计密钥，重新链接此前的 15 条记录（原哈希链自第 9 条起已不完整；其中 3 条早于哈希链）',
    );
    expect(row!.detail).toMatchObject({ rows: 15, old_chain_broken_at: 9, unhashed: 3 });
  });
});

describe('the SM3 suite (CRYPTO_SUITE=sm)', () => {
  const w = world({ CRYPTO_SUITE: 'sm' });
  beforeEach(() => seed(w, 12));

  it('chains with HMAC-SM3 and verifies an untouched chain', async () => {
    const v = await verify(w);
    expect(v).toMatchObject({ intact: true, checked: 12, anchor: { row_count: 12 } });
    const [first] = await rowsOf(w.ctx, sql`id = 1`);
    expect(first!.mac_alg).toBe('hmac-sm3');
    // The stored MAC is HMAC-SM3 with the audit key over the parts (node's OpenSSL SM3), not SHA-256.
    const content = canonicalJson({
      id: 1,
      user_id: null,
      username: 'seed',
      role: 'system_admin',
      action: 'vote_target.update',
      company_id: w.unitB,
      object_type: 'vote_target',
      object_id: '1',
      summary: 'name: 对象1',
      detail: first!.detail,
      created_at: first!.t,
    });
    const hmac = (alg: string) =>
      createHmac(alg, w.ctx.app.keys.audit)
        .update('audit-row\n')
        .update('hmac-sm3\n')
        .update('\n')
        .update(`${content}\n`)
        .digest('hex');
    expect(first!.hash).toBe(hmac('sm3'));
    expect(first!.hash).not.toBe(hmac('sha256'));
  });

  it('names rows re-sealed with SM3 but without the key, and a time moved by 0.4 ms', async () => {
    await exec(w.ctx, sql`UPDATE audit_log SET summary = '改过了' WHERE id = 6`);
    await recomputeWithoutKey(w, 6);
    await exec(
      w.ctx,
      sql`UPDATE audit_log SET created_at = created_at + interval '0.4 milliseconds' WHERE id = 3`,
    );
    const v = await verify(w);
    expect(kinds(v)).toEqual([
      'bad_mac:3',
      ...Array.from({ length: 7 }, (_, i) => `bad_mac:${6 + i}`),
      'anchor_mismatch:12',
    ]);
  });
});
