import { Worker } from 'node:worker_threads';
import type { ReportDoc } from './report-model';
import type { RenderAnswer, RenderTask } from './render-worker';

// Reports are drawn on one worker thread (issue 28, decision 0051): resvg drawing the charts, pdfkit
// laying out and ending the PDF and docx packing the Word file are seconds of synchronous JavaScript for
// a 6,000-ballot unit, which on the server's thread held /health and every ballot for as long. The
// blocks are read from the database on the main thread; the worker gets them and answers the file.
// One worker, reused (tasks wait their turn on it; the export gate lets 2 exports run at once), started
// on the first report and ended after a minute without one, so an idle server holds no second heap.

const IDLE_MS = 60_000;

interface Pending {
  resolve: (file: Buffer) => void;
  reject: (error: Error) => void;
}

let worker: Worker | undefined;
let idle: NodeJS.Timeout | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

/**
 * The worker: beside the bundle (dist/render-worker.js, a second entry of build.mjs), or the TypeScript
 * source loaded through tsx's API (tests, `npm run dev`; Node 20 does not apply `--import tsx` to a
 * worker's modules).
 */
function newWorker(): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./render-worker.js', here));
  const source = new URL('./render-worker.ts', here).href;
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`,
    { eval: true },
  );
}

function failAll(error: Error) {
  for (const p of pending.values()) p.reject(error);
  pending.clear();
}

function start(): Worker {
  const w = newWorker();
  w.on('message', (answer: RenderAnswer) => {
    const p = pending.get(answer.id);
    if (!p) return;
    pending.delete(answer.id);
    if ('bytes' in answer)
      p.resolve(Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength));
    else p.reject(new Error(`报告生成失败：${answer.error}`));
    if (pending.size === 0) rest(w);
  });
  w.on('error', (error) => {
    if (worker === w) worker = undefined;
    failAll(error);
  });
  w.on('exit', (code) => {
    if (worker === w) worker = undefined;
    if (pending.size) failAll(new Error(`报告生成进程意外退出（${code}）`));
  });
  return w;
}

/** Nothing waiting: the worker does not keep the process alive, and ends after IDLE_MS. */
function rest(w: Worker) {
  w.unref();
  clearTimeout(idle);
  idle = setTimeout(() => {
    if (worker === w && pending.size === 0) {
      worker = undefined;
      void w.terminate();
    }
  }, IDLE_MS);
  idle.unref();
}

/** The report's PDF or Word file, drawn on the render worker. */
export function renderReport(kind: 'pdf' | 'docx', doc: ReportDoc): Promise<Buffer> {
  clearTimeout(idle);
  const w = (worker ??= start());
  w.ref();
  const id = nextId++;
  const task: RenderTask = { id, kind, doc };
  return new Promise<Buffer>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.postMessage(task);
  });
}
