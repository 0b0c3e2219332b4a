// Issue 17 item 4: every admin write leaves one audit row (found by calling each write route), the rows
// form a hash chain that a change made directly in the database breaks, and the log is read-only.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessOf, routeKey } from '../src/modules/access/route-access';
import { bearer } from './helpers/factories';
import { RECIPES } from './helpers/route-recipes';
import { createTestContext, type TestContext } from './helpers/test-app';
import { buildWalkWorld, type WalkWorld } from './helpers/walk-world';

let ctx: TestContext;
let w: WalkWorld;
beforeAll(async () => {
  ctx = await createTestContext({ REGISTRATION_CODE: 'walk-code' });
  w = await buildWalkWorld(ctx);
}, 300_000);
afterAll(() => ctx.close());

interface Row {
  id: number;
  username: string;
  role: string | null;
  action: string;
  company_id: number | null;
  object_id: string | null;
  summary: string;
  detail: unknown;
}
const rows = async (q = sql`SELECT * FROM audit_log ORDER BY id`) =>
  ((await ctx.database.db.execute(q)) as unknown as { rows: Row[] }).rows;
const lastId = async () =>
  Number((await rows(sql`SELECT coalesce(max(id), 0)::int AS id FROM audit_log`))[0]!.id);
const api = (url: string, token = w.world.sys) =>
  ctx.app.inject({ url: `/api/v1/admin${url}`, headers: bearer(token) });

// Services that write their own row name the family-neutral action.
const SERVICE_ACTION: Record<string, string[]> = {
  'cadre_votes.voter.delete': ['votes.voter.delete'],
  'vote_type.update': ['vote_type.update', 'vote_type.access_mode', 'vote_type.test_mode'],
};

describe('audit rows', () => {
  it('finds one row for each write route, with who, role, unit and object', async () => {
    const writes = ctx.app.adminRouteList
      .map((r) => ({ key: routeKey(r.method, r.url), rule: accessOf(r.method, r.url)! }))
      .filter(({ rule }) => rule.action !== undefined && rule.kind !== 'self');
    expect(writes.length).toBeGreaterThanOrEqual(35);
    const wrong: string[] = [];
    for (const { key, rule } of writes) {
      const call = await RECIPES[key]!(w.world, w.inUnit, true);
      const before = await lastId();
      const res = await ctx.app.inject({
        method: call.method,
        url: call.url,
        payload: call.payload as string,
        headers: { ...bearer(w.world.sys), ...call.headers },
      });
      const found = await rows(sql`SELECT * FROM audit_log WHERE id > ${before} ORDER BY id`);
      const want = SERVICE_ACTION[rule.action!] ?? [rule.action!];
      if (res.statusCode >= 300) wrong.push(`${key}: ${res.statusCode}`);
      else if (found.length !== 1 || !want.includes(found[0]!.action)) {
        wrong.push(`${key}: ${JSON.stringify(found.map((f) => f.action))}`);
      } else {
        const row = found[0]!;
        if (row.username !== 'root' || row.role !== 'system_admin') wrong.push(`${key}: who ${row.username}`);
        if (!rule.global && row.company_id === null) wrong.push(`${key}: no unit`);
        if (!row.summary) wrong.push(`${key}: no summary`);
      }
    }
    expect(wrong).toEqual([]);
  }, 300_000);

  it('writes nothing for reads and refused writes', async () => {
    const before = await lastId();
    await api(`/vote-targets/?company_id=${w.inUnit.f.company.id}`);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/vote-targets/',
      headers: bearer(w.tokens.auditor),
      payload: { company_id: w.inUnit.f.company.id, name: '不能加' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: '监督员只能查看，不能修改', code: 'AUDITOR_READ_ONLY' });
    expect(await lastId()).toBe(before);
  });

  it('summarises a change old → new, and never a password', async () => {
    const target = w.inUnit.f.persons[1]!;
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/vote-targets/${target.id}`,
      headers: bearer(w.tokens.unit_admin),
      payload: { name: '王改名', is_active: false },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await rows(sql`SELECT * FROM audit_log ORDER BY id DESC LIMIT 1`);
    expect(row).toMatchObject({
      username: 'walk-unit_admin',
      role: 'unit_admin',
      action: 'vote_target.update',
      company_id: w.inUnit.f.company.id,
      object_id: String(target.id),
    });
    expect(row!.summary).toContain(`名称：${target.name} → 王改名`);
    expect(row!.summary).toContain('启用：是 → 否');
    const all = JSON.stringify(await rows());
    expect(all).not.toContain('another-pass-1');
    expect(all).not.toContain('initial-pass-1');
  });
});

describe('reading the log', () => {
  it('pages and filters, and shows a unit admin only its units', async () => {
    const page = await api('/audit-log/?limit=5&action=vote_target.update');
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items.every((i: { action: string }) => i.action === 'vote_target.update')).toBe(true);
    expect(body.actions).toContain('company.create');
    const all = (await api('/audit-log/?limit=500')).json();
    const scoped = (await api('/audit-log/?limit=500', w.tokens.unit_admin)).json();
    expect(scoped.total).toBeLessThan(all.total);
    const mine = new Set([w.inUnit.f.company.id]);
    expect(scoped.items.every((i: { company_id: number | null }) => i.company_id !== null)).toBe(true);
    expect(scoped.items.some((i: { company_id: number }) => i.company_id === w.outUnit.f.company.id)).toBe(
      false,
    );
    expect(scoped.items.some((i: { company_id: number }) => mine.has(i.company_id))).toBe(true);
    const other = await api(`/audit-log/?company_id=${w.outUnit.f.company.id}`, w.tokens.auditor);
    expect(other.statusCode).toBe(404);
  });

  it('exports the filtered log as xlsx', async () => {
    const res = await api(`/audit-log/export.xlsx?company_id=${w.inUnit.f.company.id}`, w.tokens.auditor);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('审计日志')!;
    expect(sheet.getRow(1).getCell(5).value).toBe('操作');
    expect(sheet.rowCount).toBeGreaterThan(2);
  });

  it('offers no route that edits or deletes a row', () => {
    const writes = ctx.app.adminRouteList.filter((r) => r.url.includes('/audit-log') && r.method !== 'GET');
    expect(writes).toEqual([]);
  });
});

describe('the keyed chain (more in audit-tampering.test.ts)', () => {
  it('is intact, then names the row changed directly in the database', async () => {
    const ok = (await api('/audit-log/verify', w.tokens.auditor)).json();
    expect(ok).toMatchObject({ intact: true, first_broken_id: null });
    expect(ok.checked).toBeGreaterThan(30);

    const [victim] = await rows(sql`SELECT * FROM audit_log ORDER BY id LIMIT 1 OFFSET 10`);
    await ctx.database.db.execute(sql`UPDATE audit_log SET summary = '改过了' WHERE id = ${victim!.id}`);
    const changed = (await api('/audit-log/verify')).json();
    expect(changed).toMatchObject({ intact: false, first_broken_id: Number(victim!.id) });
    expect(changed.detail).toMatch(/MAC 不符/);
    expect(changed.problems).toContainEqual(
      expect.objectContaining({ id: Number(victim!.id), kind: 'bad_mac' }),
    );
    await ctx.database.db.execute(
      sql`UPDATE audit_log SET summary = ${victim!.summary} WHERE id = ${victim!.id}`,
    );
    expect((await api('/audit-log/verify')).json().intact).toBe(true);

    const [gone] = await rows(sql`SELECT * FROM audit_log ORDER BY id LIMIT 1 OFFSET 20`);
    await ctx.database.db.execute(sql`DELETE FROM audit_log WHERE id = ${gone!.id}`);
    const removed = (await api('/audit-log/verify')).json();
    expect(removed.intact).toBe(false);
    expect(removed.first_broken_id).toBeGreaterThan(Number(gone!.id));
    expect(removed.detail).toMatch(/删除/);
    expect(removed.problems).toContainEqual(expect.objectContaining({ kind: 'missing_middle' }));
  });
});
