// Issue 28, slow and stalled clients, on the real built server (PGlite, the default database). 1,100
// connections send a ballot's headers and one byte of its body, then nothing: while they hang, a voter
// reads the ballot and another sends one, and an administrator reads (each answers correctly; the times
// are printed); at BODY_TIMEOUT_S each stalled connection gets 408 in Chinese JSON and is closed. Headers
// that never end are cut the same way, an idle keep-alive connection is closed, and what Node refuses
// by itself (headers over 16 KB, a request that is not HTTP, no Host, an unknown Expect) is Chinese JSON.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAdmin } from './helpers/factories';
import { buildBallotFixture, PUBLIC, submission, type BallotFixture } from './helpers/ballot-fixtures';
import { buildServer, httpApp, startServer, stopServer, type RunningServer } from './helpers/real-server';
import { seedDataDir } from './helpers/server-sandbox';

const PORT = 4360;
const STALLED = 1100;
const BODY_TIMEOUT_S = 6;
/** Far above the issue's figure (under 1 s), so that a loaded machine does not fail the test. */
const GENEROUS_MS = 5000;
const TIMEOUT_BODY = { detail: '请求超时：请求内容未能及时送达，请检查网络后重试', code: 'REQUEST_TIMEOUT' };

// Each stalled connection is a file descriptor here and one in the server: 1,100 need a limit above
// Node's and the shell's usual 1,024 (ulimit -n; the test machine and CI allow far more).
const FD_LIMIT = Number(execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim()) || Infinity;
const ENOUGH_FDS = FD_LIMIT >= STALLED + 500;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kaoping-slow-'));
let server: RunningServer | undefined;
afterAll(async () => {
  if (server) await stopServer(server, 'SIGKILL');
  fs.rmSync(tmp, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface RawConnection {
  socket: net.Socket;
  /** Everything the server sent. */
  received: () => string;
  /** Resolves when the server closed the connection: milliseconds since it was opened. */
  closed: Promise<number>;
}

/** Opens a connection and writes `text`; resolves once it is written. */
function rawConnection(text: string): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(PORT, '127.0.0.1');
    let out = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (out += d));
    const closed = new Promise<number>((r) => socket.once('close', () => r(Date.now() - started)));
    socket.on('error', () => undefined);
    socket.once('connect', () =>
      socket.write(text, (err) => (err ? reject(err) : resolve({ socket, received: () => out, closed }))),
    );
    socket.once('error', reject);
  });
}

/** A raw request's whole answer (the server closes the connection after it): status line and JSON. */
async function rawAnswer(text: string) {
  const c = await rawConnection(text);
  await c.closed;
  return parseAnswer(c.received());
}

function parseAnswer(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  return { status, head, json: body ? (JSON.parse(body) as unknown) : undefined };
}

/** A ballot's headers and the first byte of its body, of a declared 2,000. */
const STALLED_POST =
  'POST /api/v1/public/polls/votes/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
  'Content-Length: 2000\r\n\r\n{';

async function timed<T>(what: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await what();
  return { ms: Math.round(performance.now() - started), value };
}

describe('slow and stalled clients (PGlite, the built server)', { timeout: 300_000 }, () => {
  let f: BallotFixture;
  let token: string;

  it('starts', async () => {
    seedDataDir(path.join(tmp, 'data'));
    server = await startServer(buildServer('slow-clients'), PORT, {
      DATA_DIR: path.join(tmp, 'data'),
      BODY_TIMEOUT_S: String(BODY_TIMEOUT_S),
    });
    const app = httpApp(() => server!.url);
    token = await createAdmin(app);
    f = await buildBallotFixture(app, token);
  });

  it.skipIf(!ENOUGH_FDS)(
    `serves voters while ${STALLED} connections hold a ballot's body, then cuts them with 408 in Chinese${
      ENOUGH_FDS ? '' : ` (skipped: ulimit -n is ${FD_LIMIT}; raise it to ${STALLED + 500} or more)`
    }`,
    async () => {
      const url = server!.url;
      const opening = Date.now();
      const stalled: RawConnection[] = [];
      // In batches, as a hall's phones would arrive (the listen backlog is 511).
      for (let i = 0; i < STALLED; i += 100) {
        const batch = Math.min(100, STALLED - i);
        stalled.push(
          ...(await Promise.all(Array.from({ length: batch }, () => rawConnection(STALLED_POST)))),
        );
      }
      const openedMs = Date.now() - opening;
      await sleep(300);

      const read = await timed(() => fetch(`${url}${PUBLIC}/vote-type/${f.appraisal.link_id}`));
      const readBody = (await read.value.json()) as { vote_type?: { name?: string } };
      const body = submission(f);
      const ballot = await timed(() =>
        fetch(`${url}${PUBLIC}/votes/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
      const receipt = (await ballot.value.json()) as { receipt_id?: string };
      const admin = await timed(() =>
        fetch(`${url}/api/v1/admin/companies`, { headers: { authorization: `Bearer ${token}` } }),
      );
      // Measured while every stalled connection was still open and unanswered.
      const stillStalled = stalled.filter((c) => c.received() === '').length;
      console.log(
        `[slow-clients] ${STALLED} stalled bodies (opened in ${openedMs} ms): voter read ${read.value.status} ` +
          `in ${read.ms} ms, ballot ${ballot.value.status} in ${ballot.ms} ms, admin read ${admin.value.status} ` +
          `in ${admin.ms} ms; ${stillStalled} stalled connections still unanswered`,
      );
      expect(stillStalled).toBe(STALLED);

      expect(read.value.status).toBe(200);
      expect(readBody.vote_type?.name).toBe('班子成员');
      expect(ballot.value.status).toBe(201);
      expect(receipt.receipt_id).toEqual(expect.any(String));
      expect(admin.value.status).toBe(200);
      // The ballot is stored: its receipt reads back.
      expect((await fetch(`${url}${PUBLIC}/votes/${receipt.receipt_id}`)).status).toBe(200);
      expect(read.ms).toBeLessThan(GENEROUS_MS);
      expect(ballot.ms).toBeLessThan(GENEROUS_MS);

      // Every stalled connection: 408 with the Chinese body, then closed by the server.
      const closedAfter = await Promise.all(stalled.map((c) => c.closed));
      const answers = stalled.map((c) => parseAnswer(c.received()));
      expect(answers.filter((a) => a.status !== 408)).toEqual([]);
      expect(new Set(answers.map((a) => JSON.stringify(a.json)))).toEqual(
        new Set([JSON.stringify(TIMEOUT_BODY)]),
      );
      expect(answers[0]!.head).toMatch(/content-type: application\/json; charset=utf-8/i);
      console.log(
        `[slow-clients] cut after ${Math.min(...closedAfter)}–${Math.max(...closedAfter)} ms (BODY_TIMEOUT_S=${BODY_TIMEOUT_S})`,
      );
      expect(Math.min(...closedAfter)).toBeGreaterThanOrEqual(BODY_TIMEOUT_S * 1000 - 100);
      // And the server is well afterwards.
      const health = await fetch(`${url}/api/v1/health`);
      expect(health.status).toBe(200);
    },
  );

  it('cuts headers that never end with 408 in Chinese, and closes an idle keep-alive connection', async () => {
    const slowHeaders = await rawConnection(
      'GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1\r\n',
    );
    const idle = await rawConnection('GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const [headersMs, idleMs] = await Promise.all([slowHeaders.closed, idle.closed]);
    const cut = parseAnswer(slowHeaders.received());
    expect(cut.status).toBe(408);
    expect(cut.json).toEqual(TIMEOUT_BODY);
    expect(headersMs).toBeGreaterThanOrEqual(BODY_TIMEOUT_S * 1000 - 100);
    // The idle connection got its answer, kept alive, then the server closed it (after a few seconds).
    expect(parseAnswer(idle.received()).status).toBe(200);
    expect(idle.received()).toMatch(/Keep-Alive: timeout=5/);
    console.log(
      `[slow-clients] headers cut after ${headersMs} ms; idle keep-alive closed after ${idleMs} ms`,
    );
  });

  it("answers Node's own refusals in Chinese JSON", async () => {
    const big = await rawAnswer(
      `GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${'a'.repeat(17 * 1024)}\r\n\r\n`,
    );
    expect(big.status).toBe(431);
    expect(big.json).toEqual({
      detail: '请求头过大（超过 16 KB），请清除本站的 Cookie 后重试',
      code: 'HEADERS_TOO_LARGE',
    });
    // The same through a real client: fetch with a 20 KB header.
    const viaFetch = await fetch(`${server!.url}/api/v1/health`, {
      headers: { 'x-big': 'b'.repeat(20_000) },
    });
    expect(viaFetch.status).toBe(431);
    expect(((await viaFetch.json()) as { code: string }).code).toBe('HEADERS_TOO_LARGE');

    const garbage = await rawAnswer('HELLO THERE\r\n\r\n');
    expect(garbage.status).toBe(400);
    expect(garbage.json).toEqual({ detail: '请求格式无效，无法识别为 HTTP 请求', code: 'MALFORMED_REQUEST' });

    const noHost = await rawAnswer('GET /api/v1/health HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(noHost.status).toBe(400);
    expect(noHost.json).toEqual({ detail: '请求缺少 Host 请求头', code: 'MISSING_HOST' });

    const expectHeader = await rawAnswer(
      `POST ${PUBLIC}/votes/ HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 200-ok\r\nContent-Length: 2\r\n\r\n{}`,
    );
    expect(expectHeader.status).toBe(417);
    expect(expectHeader.json).toEqual({
      detail: '不支持请求头 Expect 的取值（仅支持 100-continue）',
      code: 'EXPECTATION_FAILED',
    });
  });
});
