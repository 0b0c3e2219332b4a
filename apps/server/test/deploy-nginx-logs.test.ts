// Issue 26: docs/DEPLOY.md's nginx, as written there, keeps nothing of a voter in its logs: no line for a
// voter's request (address, time, query string, a receipt id in a path), no request line in the error log
// when an instance is down; admin API calls are logged, without their query strings. Runs Debian's nginx
// (skipped without it) on the config block of the document, with only its paths, ports and certificate
// replaced, in front of a stand-in instance that answers every request.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverPath } from '../src/lib/paths';

const NGINX = '/usr/sbin/nginx';
const OPENSSL = '/usr/bin/openssl';
const [TLS, PLAIN, UPSTREAM] = [4331, 4332, 4333];
const usable = fs.existsSync(NGINX) && fs.existsSync(OPENSSL);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kaoping-nginx-logs-'));
const cleanups: (() => Promise<unknown>)[] = [];

/** The first ```nginx block of docs/DEPLOY.md. */
function deployConfig(): string {
  const doc = fs.readFileSync(serverPath('..', '..', 'docs', 'DEPLOY.md'), 'utf8');
  const block = /```nginx\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error('no nginx block in docs/DEPLOY.md');
  return block;
}

function localConfig(block: string): string {
  let upstream = 0;
  const site = block
    .replaceAll('/var/log/nginx', tmp)
    .replaceAll('/etc/ssl/kaoping', tmp)
    .replace(/listen 443 ssl/, `listen 127.0.0.1:${TLS} ssl`)
    .replace(/listen 80;/, `listen 127.0.0.1:${PLAIN};`)
    // The first instance is the stand-in, the others are down (their errors would name the request).
    .replace(
      /server 127\.0\.0\.1:\d+;/g,
      () => `server 127.0.0.1:${upstream++ === 0 ? UPSTREAM : 9} max_fails=0;`,
    );
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) fs.mkdirSync(path.join(tmp, sub));
  return `worker_processes 1;
daemon off;
pid ${tmp}/nginx.pid;
error_log ${tmp}/main-error.log warn;
events { worker_connections 64; }
http {
  # Debian's nginx.conf logs every request in the combined format unless a site says otherwise.
  access_log ${tmp}/access.log combined;
  error_log ${tmp}/error.log;
  client_body_temp_path ${tmp}/body;
  proxy_temp_path ${tmp}/proxy;
  fastcgi_temp_path ${tmp}/fastcgi;
  uwsgi_temp_path ${tmp}/uwsgi;
  scgi_temp_path ${tmp}/scgi;
${site}
}
`;
}

function request(port: number, tls: boolean, method: string, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = (tls ? https : http).request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        rejectUnauthorized: false,
        headers: { host: 'kp.example.cn' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(method === 'POST' ? '{"code":"BODYSECRET"}' : undefined);
  });
}

beforeAll(async () => {
  if (!usable) return;
  const upstream = http.createServer((_req, res) => res.end('ok'));
  await new Promise<void>((r) => upstream.listen(UPSTREAM, '127.0.0.1', r));
  cleanups.push(() => new Promise((r) => upstream.close(r)));
  execFileSync(
    OPENSSL,
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=kp.example.cn',
      '-keyout',
      path.join(tmp, 'privkey.pem'),
      '-out',
      path.join(tmp, 'fullchain.pem'),
    ],
    { stdio: 'ignore' },
  );
  const conf = path.join(tmp, 'nginx.conf');
  fs.writeFileSync(conf, localConfig(deployConfig()));
  // The document's own check: nginx -t on the config.
  execFileSync(NGINX, ['-t', '-p', tmp, '-e', path.join(tmp, 'main-error.log'), '-c', conf], {
    stdio: 'pipe',
  });
  const proc = spawn(NGINX, ['-p', tmp, '-e', path.join(tmp, 'main-error.log'), '-c', conf], {
    stdio: 'ignore',
  });
  cleanups.push(async () => {
    const gone = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGQUIT');
    await gone;
  });
  for (let i = 0; i < 100; i++) {
    if (await request(TLS, true, 'GET', '/api/v1/health').catch(() => 0)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('nginx did not start');
});
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const logs = () =>
  fs
    .readdirSync(tmp)
    .filter((f) => f.endsWith('.log'))
    .map((f) => [f, fs.readFileSync(path.join(tmp, f), 'utf8')] as const);

describe.skipIf(!usable)('docs/DEPLOY.md nginx', { timeout: 60_000 }, () => {
  it('logs no voter request, and admin calls without their query strings', async () => {
    const voter = [
      ['GET', '/vote/type/LINKSECRET?code=CODESECRET'],
      ['GET', '/vote/type/LINKSECRET'],
      ['GET', '/api/v1/public/polls/vote-type/LINKSECRET?voter_identifier=VOTERSECRET&code=CODESECRET'],
      ['POST', '/api/v1/public/polls/votes/'],
      ['GET', '/api/v1/public/polls/votes/RECEIPTSECRET'],
      ['GET', '/vote/result/RECEIPTSECRET'],
      ['GET', '/api/v1/public/polls/receipts/RCPTCODESECRET'],
      ['GET', '/vote/result?code=RCPTCODESECRET'],
      ['GET', '/'],
      ['GET', '/assets/index.js'],
    ];
    // Several rounds: the instances that are down are tried (and their errors met) on the way.
    for (let round = 0; round < 4; round++) {
      for (const [method, url] of voter) expect(await request(TLS, true, method!, url!)).toBe(200);
    }
    expect(await request(PLAIN, false, 'GET', '/vote/type/LINKSECRET?code=CODESECRET')).toBe(301);
    for (let round = 0; round < 4; round++) {
      expect(await request(TLS, true, 'GET', '/api/v1/admin/votes?company_id=7&page=2')).toBe(200);
    }

    // nginx writes a request's access line after its answer: wait until the fourth admin line is there.
    for (let i = 0; i < 50; i++) {
      const admin = logs().find(([f]) => f === 'kaoping-admin.log')?.[1] ?? '';
      if (admin.trim().split('\n').length >= 4) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const all = logs();
    const text = all.map(([, t]) => t).join('\n');
    for (const secret of ['SECRET', 'code=', 'voter_identifier', '/vote/', '/api/v1/public/', 'GET / ']) {
      expect([secret, text.includes(secret)]).toEqual([secret, false]);
    }
    // Only the admin calls, with their address and path.
    const admin = Object.fromEntries(all)['kaoping-admin.log'] ?? '';
    expect(admin.trim().split('\n')).toHaveLength(4);
    expect(admin).toMatch(/^127\.0\.0\.1 \[.+\] "GET \/api\/v1\/admin\/votes" 200/);
    expect(admin).not.toContain('company_id');
    // No client address anywhere but in the admin logs.
    expect(all.filter(([f, t]) => !f.startsWith('kaoping-admin') && t.includes('127.0.0.1'))).toEqual([]);
    // The instances that are down were met: nginx says so only for the admin calls.
    expect(Object.fromEntries(all)['kaoping-admin-error.log']).toMatch(/connect\(\) failed/);
  });
});
