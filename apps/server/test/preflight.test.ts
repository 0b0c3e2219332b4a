// Issue 28 会前检查: GET /api/v1/admin/preflight?company_id= answers one line per check, green / amber / red
// with what to do. Each line is shown red when its condition fails, and all green on a ready unit.
import { createServer } from 'node:net';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import type { PreflightLine, PreflightReport } from '@kaoping/contracts/preflight';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAccount } from './helpers/accounts';
import { useBallotWorld } from './helpers/ballot-world';
import { PNG } from './helpers/cover-fixtures';
import { bearer, createCompany, multipartFile } from './helpers/factories';
import { adminCalls } from './helpers/vote-control';
import { requestSnapshot, Snapshotter, startSnapshots } from '../src/modules/snapshots/snapshots';
import { configureSnapshotStatus, snapshotStatus } from '../src/modules/snapshots/snapshot-status';

const dataDir = mkdtempSync(path.join(tmpdir(), 'kaoping-preflight-'));
const snapshots = path.join(dataDir, 'snapshots');
const w = useBallotWorld({ env: { DATA_DIR: dataDir } });
const api = () => adminCalls(w.ctx.app, () => w.token);
const onPostgres = () => !!w.ctx.url;

// The server's time zone is read as the check runs: Asia/Shanghai here, another one in one test.
const zoneBefore = process.env.TZ;
let address: string | undefined;
beforeAll(async () => {
  process.env.TZ = 'Asia/Shanghai';
  // The public address must answer from the server's own network view: the app listens on this
  // machine's network address (not loopback, which phones cannot reach).
  const lan = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
  if (lan) {
    await w.ctx.app.listen({ port: 0, host: lan });
    const port = (w.ctx.app.server.address() as { port: number }).port;
    address = `http://${lan}:${port}`;
  }
});
afterAll(() => {
  process.env.TZ = zoneBefore;
  if (zoneBefore === undefined) delete process.env.TZ;
  rmSync(dataDir, { recursive: true, force: true });
});

const snapshotName = (d: Date) => {
  const p = (n: number, k = 2) => String(n).padStart(k, '0');
  return `kaoping-${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}-${p(d.getMilliseconds(), 3)}.backup`;
};
/** A snapshot file written `minutesAgo` minutes ago (its time and mtime). */
function snapshotAt(minutesAgo: number) {
  const at = new Date(Date.now() - minutesAgo * 60_000);
  const file = path.join(snapshots, snapshotName(at));
  writeFileSync(file, 'snapshot');
  utimesSync(file, at, at);
}

async function setPublicUrl(url: string | null) {
  const res = await api().call('PUT', '/settings/', { public_url: url });
  expect(res.statusCode).toBe(200);
}
async function uploadCover(voteTypeId: number, back = false) {
  const form = multipartFile(PNG, 'cover.png', 'image/png');
  const res = await w.ctx.app.inject({
    method: 'POST',
    url: `/api/v1/admin/covers/${back ? 'back-cover' : ''}?company_id=${w.f.company.id}&vote_type_id=${voteTypeId}`,
    headers: { ...form.headers, ...bearer(w.token) },
    payload: form.payload,
  });
  expect(res.statusCode).toBe(201);
}

/**
 * The unit made ready for its meeting: the public address set, a fresh snapshot, 班子成员 by codes (3 of 3
 * printed), 中层干部 by link with its paper sheets printed, a front and a back cover on each.
 */
async function ready() {
  rmSync(snapshots, { recursive: true, force: true });
  mkdirSync(snapshots, { recursive: true });
  snapshotAt(2);
  if (address) await setPublicUrl(address);
  const { appraisal, evaluation } = w.f;
  expect((await api().update(appraisal.id, { access_mode: 'codes', expected_voters: 3 })).statusCode).toBe(
    200,
  );
  await api().codes(appraisal.id, 3);
  expect((await api().update(evaluation.id, { expected_voters: 10, double_entry: true })).statusCode).toBe(
    200,
  );
  const print = await api().call('GET', `/vote-types/${evaluation.id}/paper.pdf?copies=2`);
  expect(print.statusCode).toBe(200);
  for (const id of [appraisal.id, evaluation.id]) {
    await uploadCover(id);
    await uploadCover(id, true);
  }
}

async function check(token = w.token, companyId = w.f.company.id) {
  const res = await w.ctx.app.inject({
    url: `/api/v1/admin/preflight/?company_id=${companyId}`,
    headers: bearer(token),
  });
  return res;
}
async function report(): Promise<PreflightReport> {
  const res = await check();
  expect(res.statusCode).toBe(200);
  return res.json();
}
const serverLine = (r: PreflightReport, name: PreflightLine['check']) =>
  r.server.find((l) => l.check === name);
const typeLine = (r: PreflightReport, voteTypeId: number, name: PreflightLine['check']) =>
  r.vote_types.find((v) => v.id === voteTypeId)!.lines.find((l) => l.check === name)!;
/** The lines not green (ok) nor neutral (info), as "check level". */
const notGreen = (r: PreflightReport) =>
  [...r.server, ...r.unit, ...r.vote_types.flatMap((v) => v.lines)]
    .filter((l) => l.level !== 'ok' && l.level !== 'info')
    .map((l) => `${l.check} ${l.level}: ${l.detail}`);

beforeEach(ready);

describe('a ready unit', () => {
  it('is all green, each vote type with its five lines', async (t) => {
    if (!address) t.skip('no network address besides loopback on this machine');
    const r = await report();
    expect(notGreen(r)).toEqual([]);
    expect(r.level).toBe('ok');
    expect(r.vote_types.map((v) => [v.name, v.lines.map((l) => l.check)])).toEqual([
      ['班子成员', ['window', 'test_mode', 'codes', 'covers', 'paper']],
      ['中层干部', ['window', 'test_mode', 'codes', 'covers', 'paper']],
    ]);
    expect(serverLine(r, 'public_url')!.detail).toContain(address);
    expect(typeLine(r, w.f.appraisal.id, 'codes').detail).toBe('已发放 3 个投票码（应到 3 人）');
    expect(typeLine(r, w.f.evaluation.id, 'paper').detail).toBe('已打印 2 张纸质选票');
    expect(r.time_zone).toBe('Asia/Shanghai');
    expect(r.utc_offset_minutes).toBe(480);
    expect(Math.abs(Date.parse(r.server_time) - Date.now())).toBeLessThan(60_000);
    if (onPostgres()) {
      expect(serverLine(r, 'snapshot_age')).toMatchObject({
        level: 'info',
        detail: expect.stringMatching(/PostgreSQL.*数据库管理员/),
      });
      expect(serverLine(r, 'snapshot_dir')).toBeUndefined();
    } else {
      expect(serverLine(r, 'snapshot_dir')!.level).toBe('ok');
      expect(serverLine(r, 'snapshot_age')!.detail).toMatch(/^最近一次快照在 2 分钟前/);
    }
  });
});

describe('each line is red when its condition fails', () => {
  it('public address: none set, or it does not answer', async () => {
    await setPublicUrl(null);
    const none = serverLine(await report(), 'public_url')!;
    expect(none).toMatchObject({ level: 'fail', detail: expect.stringContaining('未设置公网访问地址') });
    expect(none.action).toContain('系统设置');

    // A port nothing listens on: a server opened and closed again.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    await setPublicUrl(`http://127.0.0.1:${port}`);
    const r = await report();
    expect(serverLine(r, 'public_url')).toMatchObject({
      level: 'fail',
      detail: expect.stringContaining(`从服务器访问 http://127.0.0.1:${port} 失败：连接被拒绝`),
    });
    expect(r.level).toBe('fail');
  });

  it('snapshots: none, too old, or the folder missing (PGlite); a neutral line on PostgreSQL', async () => {
    rmSync(snapshots, { recursive: true, force: true });
    mkdirSync(snapshots);
    let r = await report();
    if (onPostgres()) {
      expect(serverLine(r, 'snapshot_age')!.level).toBe('info');
      return;
    }
    expect(serverLine(r, 'snapshot_age')).toMatchObject({
      level: 'fail',
      detail: expect.stringContaining('还没有快照'),
    });
    expect(serverLine(r, 'snapshot_dir')!.level).toBe('ok');

    snapshotAt(45);
    expect(serverLine(await report(), 'snapshot_age')).toMatchObject({
      level: 'fail',
      detail: expect.stringMatching(/^最近一次快照在 45 分钟前/),
    });
    snapshotAt(15);
    expect(serverLine(await report(), 'snapshot_age')!.level).toBe('warn');

    rmSync(snapshots, { recursive: true, force: true });
    r = await report();
    expect(serverLine(r, 'snapshot_dir')).toMatchObject({
      level: 'fail',
      detail: expect.stringContaining('不存在'),
    });
    expect(serverLine(r, 'snapshot_age')!.level).toBe('fail');
  });

  it.skipIf(!!process.env.TEST_DATABASE_URL)(
    'snapshots turned off (SNAPSHOTS=off, PGlite): one red line says so, and the server takes none',
    async () => {
      rmSync(snapshots, { recursive: true, force: true });
      mkdirSync(snapshots);
      const client = (w.ctx.database.db as unknown as { $client: unknown }).$client;
      const log = { info() {}, error() {}, warn() {} } as unknown as FastifyBaseLogger;
      const taken = vi.spyOn(Snapshotter.prototype, 'take');
      const running = await startSnapshots({
        config: { SNAPSHOTS: 'off', SNAPSHOT_MINUTES: 5, SNAPSHOT_KEEP: 24, SNAPSHOT_DIR: snapshots },
        kind: 'pglite',
        client,
        dataDir,
        log,
      });
      try {
        expect(snapshotStatus()).toMatchObject({ mode: 'disabled', enabled: false, next_due_at: null });
        const r = await report();
        expect(serverLine(r, 'snapshot_age')).toMatchObject({
          level: 'fail',
          detail: expect.stringContaining('自动快照已关闭（SNAPSHOTS=off）'),
          action: expect.stringContaining('npm run backup'),
        });
        expect(serverLine(r, 'snapshot_dir')).toBeUndefined();
        // 结束投票 and the clean stop take none.
        requestSnapshot('close');
      } finally {
        await running.stop();
        configureSnapshotStatus({ mode: 'off', dir: null, intervalMs: 0, keep: 0 });
      }
      const calls = taken.mock.calls.length;
      taken.mockRestore();
      expect(calls).toBe(0);
      expect(readdirSync(snapshots)).toEqual([]);
    },
  );

  it('vote window: closed by hand, past its end, or not started', async () => {
    const { appraisal, evaluation } = w.f;
    expect((await api().close(appraisal.id)).statusCode).toBe(200);
    const tomorrow = new Date(Date.now() + 24 * 3600_000).toISOString();
    const later = new Date(Date.now() + 48 * 3600_000).toISOString();
    expect((await api().update(evaluation.id, { opens_at: tomorrow, closes_at: later })).statusCode).toBe(
      200,
    );
    let r = await report();
    expect(typeLine(r, appraisal.id, 'window')).toMatchObject({
      level: 'fail',
      detail: expect.stringContaining('已结束投票'),
    });
    expect(typeLine(r, appraisal.id, 'window').action).toContain('重新开放');
    expect(typeLine(r, evaluation.id, 'window')).toMatchObject({
      level: 'fail',
      detail: expect.stringMatching(/^尚未开始：开始时间 .*（约 2[34] 小时后）$/),
    });

    const past = new Date(Date.now() - 3600_000).toISOString();
    const longAgo = new Date(Date.now() - 2 * 3600_000).toISOString();
    expect((await api().update(evaluation.id, { opens_at: longAgo, closes_at: past })).statusCode).toBe(200);
    r = await report();
    expect(typeLine(r, evaluation.id, 'window')).toMatchObject({
      level: 'fail',
      detail: expect.stringContaining('已过'),
    });
  });

  it('test mode on', async () => {
    expect((await api().update(w.f.appraisal.id, { test_mode: true })).statusCode).toBe(200);
    const line = typeLine(await report(), w.f.appraisal.id, 'test_mode');
    expect(line).toMatchObject({ level: 'fail', detail: expect.stringContaining('试投票') });
    expect(line.action).toContain('转为正式投票');
  });

  it('fewer codes printed than 应到人数, and 应到人数 missing', async () => {
    expect((await api().update(w.f.appraisal.id, { expected_voters: 5 })).statusCode).toBe(200);
    const line = typeLine(await report(), w.f.appraisal.id, 'codes');
    expect(line).toMatchObject({ level: 'fail', detail: '已发放 3 个投票码，少于应到人数 5' });
    expect(line.action).toContain('补发 2 个');
    expect((await api().update(w.f.appraisal.id, { expected_voters: null })).statusCode).toBe(200);
    expect(typeLine(await report(), w.f.appraisal.id, 'codes').level).toBe('warn');
  });

  it('missing covers: red without the front cover, amber without the back one', async () => {
    const id = w.f.evaluation.id;
    const del = (back: boolean) =>
      w.ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/admin/covers/${back ? 'back-cover/' : ''}${w.f.company.id}/${id}`,
        headers: bearer(w.token),
      });
    const front = await w.ctx.app.inject({
      url: `/api/v1/admin/covers/${w.f.company.id}/${id}`,
      headers: bearer(w.token),
    });
    expect(
      (
        await w.ctx.app.inject({
          method: 'DELETE',
          url: `/api/v1/admin/covers/${front.json().id}`,
          headers: bearer(w.token),
        })
      ).statusCode,
    ).toBe(204);
    expect(typeLine(await report(), id, 'covers')).toMatchObject({
      level: 'fail',
      detail: '只有封底，没有封面',
    });
    expect((await del(true)).statusCode).toBe(204);
    const line = typeLine(await report(), id, 'covers');
    expect(line).toMatchObject({ level: 'fail', detail: '没有上传封面和封底' });
    expect(line.action).toContain('封面管理');

    await uploadCover(id);
    expect(typeLine(await report(), id, 'covers')).toMatchObject({
      level: 'warn',
      detail: expect.stringContaining('没有封底'),
    });
  });

  it('paper set up (双人录入核对) but not printed; neutral when paper is not used', async () => {
    const company = await createCompany(w.ctx.app, w.token, '乙单位');
    const res = await api().call('POST', '/vote-types/', {
      company_id: company.id,
      name: '纸质测评',
      form_category: 'democratic_appraisal',
      double_entry: true,
    });
    expect(res.statusCode).toBe(201);
    const r = await check(w.token, company.id);
    expect(r.statusCode).toBe(200);
    const paper = r.json<PreflightReport>().vote_types[0]!.lines.find((l) => l.check === 'paper')!;
    expect(paper).toMatchObject({ level: 'fail', detail: expect.stringContaining('还没有打印纸质选票') });

    expect((await api().update(res.json().id, { double_entry: false })).statusCode).toBe(200);
    const after = (await check(w.token, company.id)).json<PreflightReport>();
    expect(after.vote_types[0]!.lines.find((l) => l.check === 'paper')!.level).toBe('info');
  });

  it('a unit without any switched-on vote type', async () => {
    const company = await createCompany(w.ctx.app, w.token, '丙单位');
    const r = (await check(w.token, company.id)).json<PreflightReport>();
    expect(r.vote_types).toEqual([]);
    expect(r.unit).toMatchObject([{ check: 'vote_types', level: 'fail' }]);
  });

  it('time zone other than Asia/Shanghai is amber, naming it', async () => {
    process.env.TZ = 'UTC';
    try {
      const r = await report();
      expect(r.time_zone).toBe('UTC');
      expect(serverLine(r, 'time_zone')).toMatchObject({
        level: 'warn',
        detail: expect.stringContaining('UTC'),
      });
    } finally {
      process.env.TZ = 'Asia/Shanghai';
    }
  });
});

describe('who may check', () => {
  it('a unit admin checks its own units only; an auditor does not run meetings', async () => {
    const other = await createCompany(w.ctx.app, w.token, '丁单位');
    const admin = await createAccount(w.ctx.app, w.token, {
      username: 'unit-admin',
      role: 'unit_admin',
      unit_ids: [w.f.company.id],
    });
    expect((await check(admin.token, w.f.company.id)).statusCode).toBe(200);
    const foreign = await check(admin.token, other.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('COMPANY_NOT_FOUND');

    const auditor = await createAccount(w.ctx.app, w.token, {
      username: 'auditor',
      role: 'auditor',
      all_units: true,
    });
    const refused = await check(auditor.token, w.f.company.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('AUDITOR_READ_ONLY');
  });

  it('answers 404 for an unknown unit', async () => {
    const res = await check(w.token, 99_999);
    expect(res.statusCode).toBe(404);
  });
});
