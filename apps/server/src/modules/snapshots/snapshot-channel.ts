import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * How `npm run backup` reaches a running server (issue 28): a second, tiny HTTP listener on 127.0.0.1
 * at a port the system picks, apart from the app (no route of the API, nothing a proxy forwards), that
 * answers one request, POST /backup, with a fresh snapshot's bytes, only when it carries the token the
 * server wrote to DATA_DIR/snapshot-channel.json (0600, in the 0700 data folder): whoever can read the
 * data folder could copy the database anyway; no one else can ask.
 */
export const channelFile = (dataDir: string) => path.join(dataDir, 'snapshot-channel.json');

export interface ChannelInfo {
  pid: number;
  port: number;
  token: string;
}

/** What the channel asks of the snapshotter (snapshots.ts): a fresh snapshot, its bytes and figures. */
export interface SnapshotTaker {
  take(reason: 'backup'): Promise<{
    bytes: Buffer | Uint8Array;
    holdMs: number;
    meta: { submissions?: number | null };
  }>;
}

export async function openSnapshotChannel(dataDir: string, snapshots: SnapshotTaker) {
  const token = randomBytes(32).toString('hex');
  const expected = Buffer.from(token);
  const server = http.createServer((req, res) => {
    const given = Buffer.from(String(req.headers['x-kaoping-token'] ?? ''));
    const ok = given.length === expected.length && timingSafeEqual(given, expected);
    const send = (status: number, text: string) => {
      res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(text);
    };
    if (req.method !== 'POST' || req.url !== '/backup') return send(404, '没有这个操作');
    if (!ok) return send(401, '口令不符：只有服务器本机上、能读取数据目录的用户可以备份');
    req.resume();
    snapshots.take('backup').then(
      (r) => {
        res.writeHead(200, {
          'content-type': 'application/octet-stream',
          'content-length': r.bytes.length,
          'x-kaoping-submissions': String(r.meta.submissions ?? ''),
          'x-kaoping-hold-ms': String(r.holdMs),
        });
        res.end(r.bytes);
      },
      (err: unknown) => send(500, `备份失败：${err instanceof Error ? err.message : String(err)}`),
    );
  });
  server.requestTimeout = 10 * 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  server.unref();
  const info: ChannelInfo = { pid: process.pid, port: (server.address() as AddressInfo).port, token };
  const file = channelFile(dataDir);
  const tmp = `${file}.partial`;
  fs.writeFileSync(tmp, JSON.stringify(info), { mode: 0o600 });
  fs.renameSync(tmp, file);
  return {
    async close() {
      try {
        const now = JSON.parse(fs.readFileSync(file, 'utf8')) as ChannelInfo;
        if (now.pid === process.pid) fs.rmSync(file, { force: true });
      } catch {
        // Gone already.
      }
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** The client side, for `npm run backup` while the server holds the folder: the backup file's bytes. */
export async function backupFromRunningServer(
  dataDir: string,
  holder: number,
): Promise<{ bytes: Buffer; submissions: string | null; holdMs: string | null }> {
  let info: ChannelInfo;
  try {
    info = JSON.parse(fs.readFileSync(channelFile(dataDir), 'utf8')) as ChannelInfo;
  } catch {
    throw new Error(
      `数据目录 ${dataDir} 正被进程 PID ${holder} 使用，但找不到运行中备份的通道（snapshot-channel.json）：该服务可能是旧版本或正在启动。请稍后重试，或停止服务后再备份。`,
    );
  }
  if (info.pid !== holder) {
    throw new Error(
      `运行中备份的通道属于另一个进程（PID ${info.pid}），与正在使用数据目录的 PID ${holder} 不符：请稍后重试。`,
    );
  }
  let res: Response;
  try {
    res = await fetch(`http://127.0.0.1:${info.port}/backup`, {
      method: 'POST',
      headers: { 'x-kaoping-token': info.token },
    });
  } catch {
    throw new Error(`无法连接正在运行的服务（127.0.0.1:${info.port}）：请确认服务在运行，稍后重试。`);
  }
  if (!res.ok) throw new Error(await res.text());
  return {
    bytes: Buffer.from(await res.arrayBuffer()),
    submissions: res.headers.get('x-kaoping-submissions'),
    holdMs: res.headers.get('x-kaoping-hold-ms'),
  };
}
