// Issue 18: two instances on one PostgreSQL behind Debian's nginx (scripts/nginx-lb.mjs, round robin).
// Both start at the same moment (the migrations must not collide), voters go through nginx, the same
// code is sent to both instances at once, and a questionnaire's texts are edited and a vote type closed
// on one instance while the other reads the results: totals exact, no 5xx anywhere.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin } from './helpers/factories';
import { buildBallotFixture, submission, type BallotFixture } from './helpers/ballot-fixtures';
import { buildServer, httpApp, startServer, stopServer } from './helpers/real-server';
import { freshPostgres } from './helpers/fresh-postgres';
import { adminCalls } from './helpers/vote-control';
import type { App } from '../src/app';
import { serverPath } from '../src/lib/paths';

const NGINX = '/usr/sbin/nginx';
const [A, B, LB] = [4321, 4322, 4323];
const pgUrl = process.env.TEST_DATABASE_URL;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kaoping-lb-'));
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function startNginx() {
  const dir = path.join(tmp, 'nginx');
  const proc = spawn(
    'node',
    [
      serverPath('..', '..', 'scripts', 'nginx-lb.mjs'),
      ...[
        '--listen',
        String(LB),
        '--upstream',
        `127.0.0.1:${A}`,
        '--upstream',
        `127.0.0.1:${B}`,
        '--dir',
        dir,
      ],
    ],
    { stdio: 'ignore' },
  );
  cleanups.push(async () => {
    const gone = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    await gone;
  });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${LB}/api/v1/health`)).ok) return dir;
    } catch {
      // Not yet listening.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('nginx did not start');
}

describe.skipIf(!pgUrl || !fs.existsSync(NGINX))('two instances behind nginx', { timeout: 300_000 }, () => {
  it('counts every ballot once, one ballot per code, and never answers 5xx', async () => {
    const main = buildServer('lb');
    const db = await freshPostgres(pgUrl!);
    cleanups.push(db.drop);
    // The same moment: both migrate an empty database.
    const [a, b] = await Promise.all([
      startServer(main, A, { DATABASE_URL: db.url }),
      startServer(main, B, { DATABASE_URL: db.url }),
    ]);
    cleanups.push(
      () => stopServer(a),
      () => stopServer(b),
    );
    const nginxDir = await startNginx();

    const statuses: number[] = [];
    const via = (base: string) =>
      httpApp(
        () => base,
        (status) => statuses.push(status),
      );
    const lb = via(`http://127.0.0.1:${LB}`);
    const onA = via(a.url);
    const onB = via(b.url);
    const token = await createAdmin(lb);
    const f: BallotFixture = await buildBallotFixture(lb, token);
    const adminA = adminCalls(onA, () => token);
    expect((await adminA.update(f.evaluation.id, { access_mode: 'codes' })).statusCode).toBe(200);
    const codes = await adminA.codes(f.evaluation.id, 20);

    // The same code on both instances at once, each with its own submission: one ballot.
    const raced = await Promise.all(
      codes.flatMap((code) =>
        [onA, onB].map((app) =>
          app.inject({
            method: 'POST',
            url: '/api/v1/public/polls/votes/',
            payload: submission(f, 'evaluation', { code }),
          }),
        ),
      ),
    );
    for (let i = 0; i < codes.length; i++) {
      expect([raced[2 * i]!.statusCode, raced[2 * i + 1]!.statusCode].sort()).toEqual([201, 409]);
    }

    // Voters through nginx while A edits the questionnaire's texts and B reads the results.
    const results = async (app: App) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/admin/companies/${f.company.id}/results`,
        headers: bearer(token),
      });
      return res.json<{ targets: { target_id: number; combined: { count: number } }[] }>();
    };
    let acknowledged = 0;
    const voters = Array.from({ length: 120 }, async () => {
      const res = await lb.inject({
        method: 'POST',
        url: '/api/v1/public/polls/votes/',
        payload: submission(f),
      });
      if (res.statusCode === 201) acknowledged++;
    });
    const poll = (
      await onA.inject({
        method: 'GET',
        url: `/api/v1/admin/polls/${f.polls.company.id}`,
        headers: bearer(token),
      })
    ).json<{ form_schema: unknown }>();
    const edit = onA.inject({
      method: 'PUT',
      url: `/api/v1/admin/polls/${f.polls.company.id}`,
      headers: bearer(token),
      payload: { title: '领导班子民主测评表（2026 年度）', form_schema: poll.form_schema },
    });
    const reads = Array.from({ length: 10 }, () => results(onB));
    await Promise.all([...voters, edit, ...reads]);
    expect((await edit).statusCode).toBe(200);
    expect(acknowledged).toBe(120);

    // Close on A while B reads; a voter after the close is refused, not counted.
    const [closed] = await Promise.all([adminA.close(f.appraisal.id), results(onB), results(onB)]);
    expect(closed.statusCode, closed.body).toBe(200);
    const late = await lb.inject({
      method: 'POST',
      url: '/api/v1/public/polls/votes/',
      payload: submission(f),
    });
    expect(late.statusCode).toBeGreaterThanOrEqual(400);
    expect(late.statusCode).toBeLessThan(500);

    for (const app of [onA, onB]) {
      const final = await results(app);
      for (const t of final.targets.filter((x) => x.combined.count > 0)) expect(t.combined.count).toBe(120);
      expect(final.targets.filter((x) => x.combined.count > 0)).toHaveLength(1 + f.persons.length);
    }
    // The evaluation's figures are there once its vote has ended too (decision 0041).
    expect((await adminA.close(f.evaluation.id)).statusCode).toBe(200);
    const evaluation = await onB.inject({
      method: 'GET',
      url: `/api/v1/admin/companies/${f.company.id}/results?form_category=democratic_evaluation`,
      headers: bearer(token),
    });
    expect(evaluation.json<{ cadre: { ballot_count: number } }>().cadre.ballot_count).toBe(codes.length);

    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    const log = fs.readFileSync(path.join(nginxDir, 'access.log'), 'utf8').trim().split('\n');
    const upstreams = new Set(log.map((l) => l.split(' ')[0]));
    expect([...upstreams].sort()).toEqual([`127.0.0.1:${A}`, `127.0.0.1:${B}`]);
    expect(log.filter((l) => / 5\d\d$/.test(l))).toEqual([]);
  });
});
