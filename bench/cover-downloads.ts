// Many phones fetching a cover at once while a load balancer polls /api/v1/health: the downloads run on
// a worker thread (its own event loop), the health checks here, so neither delays the other's clock.
import { Worker } from 'node:worker_threads';
import { cpuMs } from './ballots-server';

export interface DownloadRun {
  file: string;
  kbps_per_download: number;
  /** CPU time the server spent per download (user + system): unlike wall time, barely moved by load. */
  server_cpu_ms_per_download: number | null;
  concurrent: number;
  completed: number;
  failed: number;
  megabytes: number;
  seconds: number;
  health: { samples: number; timeouts: number; p50_ms: number; p99_ms: number; max_ms: number };
}

// Plain JavaScript: each of `concurrent` loops downloads the URL (reading every byte) until the
// deadline, then reports; a download still running after `hardStopMs` is abandoned. Each loop keeps
// one connection, as a phone would.
const WORKER = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { url, concurrent, durationMs, hardStopMs, kbps } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrent });
const end = Date.now() + durationMs;
const hardStop = Date.now() + hardStopMs;
let completed = 0, failed = 0, bytes = 0;
// node:http with the body drained as it comes: the cheapest client, so the server gets the cores.
const once = () => new Promise((resolve) => {
  const req = http.get(url, { agent }, (res) => {
    if (res.statusCode !== 200) { failed++; res.resume(); res.on('end', resolve); return; }
    res.on('data', (chunk) => {
      bytes += chunk.length;
      // A phone on a shared Wi-Fi takes the bytes at its own pace; TCP tells the server to wait.
      if (kbps > 0) { res.pause(); setTimeout(() => res.resume(), (chunk.length * 8) / kbps); }
    });
    res.on('end', () => { completed++; resolve(); });
    res.on('error', () => { failed++; resolve(); });
  });
  req.setTimeout(Math.max(1, hardStop - Date.now()), () => req.destroy(new Error('timeout')));
  req.on('error', () => { failed++; resolve(); });
});
async function loop() {
  do await once(); while (Date.now() < end && Date.now() < hardStop);
}
Promise.all(Array.from({ length: concurrent }, loop)).then(() => {
  agent.destroy();
  parentPort.postMessage({ completed, failed, bytes });
});
`;

/** A health check unanswered this long counts as failed (a load balancer would have given up long before). */
const HEALTH_TIMEOUT_MS = 30_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** `concurrent` parallel downloads of `url` for about `durationMs`, and the health check meanwhile. */
export async function downloadsWhilePolling(
  base: string,
  path: string,
  concurrent: number,
  serverPid: number,
  /** Each download's speed in kbit/s, as a phone on Wi-Fi; 0: as fast as loopback allows (a flood). */
  kbps: number,
  durationMs = 10_000,
): Promise<DownloadRun> {
  const started = Date.now();
  const cpuBefore = cpuMs(serverPid);
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { url: base + path, concurrent, durationMs, hardStopMs: 120_000, kbps },
  });
  let done = false;
  const result = new Promise<{ completed: number; failed: number; bytes: number }>((resolve, reject) => {
    worker.once('message', (m) => {
      done = true;
      resolve(m);
    });
    worker.once('error', reject);
  });
  const latencies: number[] = [];
  await new Promise((r) => setTimeout(r, 200)); // let the downloads start
  let timeouts = 0;
  while (!done) {
    const t = performance.now();
    try {
      const res = await fetch(`${base}/api/v1/health`, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
      await res.arrayBuffer();
    } catch {
      timeouts++; // counted at the time it took to give up
    }
    latencies.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 50));
  }
  const r = await result;
  const cpuAfter = cpuMs(serverPid);
  await worker.terminate();
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    file: path.split('/').slice(-2).join('/'),
    kbps_per_download: kbps,
    server_cpu_ms_per_download:
      cpuBefore === undefined || cpuAfter === undefined || r.completed === 0
        ? null
        : round((cpuAfter - cpuBefore) / r.completed),
    concurrent,
    completed: r.completed,
    failed: r.failed,
    megabytes: round(r.bytes / 1024 / 1024),
    seconds: round((Date.now() - started) / 1000),
    health: {
      samples: sorted.length,
      timeouts,
      p50_ms: round(percentile(sorted, 50)),
      p99_ms: round(percentile(sorted, 99)),
      max_ms: round(sorted.at(-1) ?? 0),
    },
  };
}
