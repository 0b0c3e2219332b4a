// Builds and runs the real server for bench/ballots.ts, and sets up a realistic company through its API.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'apps/server');
const entry = path.join(serverDir, 'dist-bench/main.js');

/** Bundles the server into apps/server/dist-bench (a private copy, so a parallel build is not disturbed). */
export function buildServer() {
  execFileSync('node', ['build.mjs'], {
    cwd: serverDir,
    env: { ...process.env, SERVER_OUTFILE: 'dist-bench/main.js' },
    stdio: 'inherit',
  });
}

export async function freePort(): Promise<number> {
  const srv = createServer();
  srv.listen(0, '127.0.0.1');
  await once(srv, 'listening');
  const { port } = srv.address() as { port: number };
  srv.close();
  return port;
}

/**
 * CPU time (ms) of the PostgreSQL backends serving one database, when the server runs on this machine
 * (their command line reads "postgres: <user> <database> …"); 0 when none is visible.
 */
export function postgresCpuMs(database: string): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmd.startsWith('postgres: ') && cmd.split(' ')[2] === database) total += cpuMs(Number(entry)) ?? 0;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

export interface RunningServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * CPU time (user + system, ms) a process has used so far, from /proc (Linux); undefined elsewhere.
 * Unlike wall time it does not grow when other programs compete for the cores.
 */
export function cpuMs(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}

/** The environment of a server under load on loopback `port`: production, quiet, no per-address limits. */
export function loadEnv(port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    // One load generator stands for thousands of phones: the per-address limits would measure themselves.
    PUBLIC_SUBMIT_LIMIT: '100000000',
    PUBLIC_READ_LIMIT: '100000000',
    MAX_IN_FLIGHT: '100000',
  };
}

/** Waits until the server `child` started at `url` answers /api/v1/health; throws if it exits or `seconds` pass. */
export async function untilHealthy(child: ChildProcess, url: string, seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start within ${seconds} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Starts `node apps/server/dist-bench/main.js` (or another bundle, `server`) on loopback and waits until
 * /api/v1/health answers, for at most `seconds`.
 */
export async function startServer(
  env: Record<string, string>,
  { server = entry, seconds = 60 }: { server?: string; seconds?: number } = {},
): Promise<RunningServer> {
  const port = await freePort();
  // e.g. BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' to profile the server under load.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn('node', [...nodeArgs, server], {
    cwd: root,
    env: {
      ...loadEnv(port),
      WEB_DIST: path.join(root, 'bench/no-web'),
      ...env,
    },
    // The server's log goes to stderr: stdout is the benchmark's JSON.
    stdio: ['ignore', 2, 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await untilHealthy(child, url, seconds);
  return {
    url,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/** One JSON call of the API (`token` for the admin side); throws with the status and body unless 2xx. */
export async function call<T>(url: string, method: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export interface BenchCompany {
  token: string;
  adminUrl: string;
  companyId: number;
  voteTypeId: number;
  linkId: string;
  view: {
    polls: { id: number; target_type: string; form_schema: unknown }[];
    targets: { id: number; type: string }[];
  };
}

/**
 * The realistic company of issue 6 §4: the company and person polls from the templates (the person poll
 * given a sixth item, so both have six items and four reverse items), one company target, eight person
 * targets, one appraisal vote type. Everything goes through the admin API, as an organiser would.
 */
export async function setUpCompany(url: string): Promise<BenchCompany> {
  const api = `${url}/api/v1/admin`;
  await call(`${api}/auth/register`, 'POST', null, { username: 'bench', password: 'Kaoping-Hall-2026' });
  const form = new FormData();
  form.set('username', 'bench');
  form.set('password', 'Kaoping-Hall-2026');
  const login = await fetch(`${api}/auth/login`, { method: 'POST', body: form });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const company = await call<{ id: number }>(`${api}/companies/`, 'POST', token, {
    name: '华东能源有限公司',
  });
  const c = company.id;
  await call(`${api}/polls/copy-from-template`, 'POST', token, { company_id: c, target_type: 'company' });
  const person = await call<{ id: number; form_schema: { evaluationGroups: { items: unknown[] }[] } }>(
    `${api}/polls/copy-from-template`,
    'POST',
    token,
    { company_id: c, target_type: 'person' },
  );
  person.form_schema.evaluationGroups[1]!.items.push({ id: 'unity', name: '团结协作' });
  await call(`${api}/polls/${person.id}`, 'PUT', token, { form_schema: person.form_schema });
  await call(`${api}/vote-targets/`, 'POST', token, { company_id: c, name: '领导班子', type: 'company' });
  const names = ['王建国', '李红梅', '张志强', '刘洋', '陈静', '杨帆', '赵磊', '黄丽'];
  for (const name of names)
    await call(`${api}/vote-targets/`, 'POST', token, { company_id: c, name, title: '副总经理' });
  const voteType = await call<{ id: number; link_id: string }>(`${api}/vote-types/`, 'POST', token, {
    company_id: c,
    name: '班子成员',
    form_category: 'democratic_appraisal',
  });
  const view = await call<BenchCompany['view']>(
    `${url}/api/v1/public/polls/vote-type/${voteType.link_id}`,
    'GET',
    null,
  );
  return { token, adminUrl: api, companyId: c, voteTypeId: voteType.id, linkId: voteType.link_id, view };
}

export interface CodesVoteType {
  voteTypeId: number;
  linkId: string;
  /** The next unused code: shared by the warm-up and the measured run, so no code is sent twice. */
  nextCode: () => string;
  /** Wall time of each POST …/codes call of 5,000 codes. */
  issueMs: number[];
  /** Size of the slips PDF of one batch of 500 codes. */
  pdf500Bytes: number;
  pdf500Ms: number;
}

/**
 * A second vote type of the same company in codes mode (issue 12), with at least `needed` codes issued
 * 5,000 a call (timed), plus a batch of 500 whose slips PDF is downloaded (size and time).
 */
export async function setUpCodes(company: BenchCompany, needed: number): Promise<CodesVoteType> {
  const { adminUrl: api, token } = company;
  const voteType = await call<{ id: number; link_id: string }>(`${api}/vote-types/`, 'POST', token, {
    company_id: company.companyId,
    name: '中层干部',
    form_category: 'democratic_appraisal',
    access_mode: 'codes',
  });
  const codes: string[] = [];
  const issueMs: number[] = [];
  while (codes.length < needed) {
    const t0 = performance.now();
    const issued = await call<{ codes: string[] }>(`${api}/vote-types/${voteType.id}/codes`, 'POST', token, {
      count: 5000,
    });
    issueMs.push(Math.round(performance.now() - t0));
    codes.push(...issued.codes);
  }
  const batch = await call<{ batch: number; codes: string[] }>(
    `${api}/vote-types/${voteType.id}/codes`,
    'POST',
    token,
    { count: 500 },
  );
  const t0 = performance.now();
  const pdf = await fetch(`${api}/vote-types/${voteType.id}/codes.pdf?batch=${batch.batch}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!pdf.ok) throw new Error(`codes.pdf: ${pdf.status} ${await pdf.text()}`);
  const bytes = (await pdf.arrayBuffer()).byteLength;
  const pdf500Ms = Math.round(performance.now() - t0);
  codes.push(...batch.codes);
  let next = 0;
  const nextCode = () => {
    if (next >= codes.length) throw new Error('bench: out of codes');
    return codes[next++]!;
  };
  return {
    voteTypeId: voteType.id,
    linkId: voteType.link_id,
    nextCode,
    issueMs,
    pdf500Bytes: bytes,
    pdf500Ms,
  };
}
