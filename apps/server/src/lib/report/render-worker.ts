// The render worker (render-pool.ts): draws a report's PDF or Word file, its charts included, off the
// server's thread. It gets the report's blocks (read from the database on the main thread) and answers
// the file's bytes, transferred, not copied. Bundled as dist/render-worker.js beside dist/main.js.
import { parentPort } from 'node:worker_threads';
import { reportDocx } from './report-docx';
import type { ReportDoc } from './report-model';
import { reportPdf } from './report-pdf';

export interface RenderTask {
  id: number;
  kind: 'pdf' | 'docx';
  doc: ReportDoc;
}

export type RenderAnswer = { id: number; bytes: Uint8Array } | { id: number; error: string };

/** A message's copy of a Buffer arrives as a plain Uint8Array: pdfkit and docx want a Buffer again. */
const withBuffers = (doc: ReportDoc): ReportDoc => ({
  ...doc,
  blocks: doc.blocks.map((b) =>
    b.kind === 'chart' && 'png' in b
      ? { ...b, png: Buffer.from(b.png.buffer, b.png.byteOffset, b.png.byteLength) }
      : b,
  ),
});

async function render(task: RenderTask): Promise<RenderAnswer> {
  try {
    const doc = withBuffers(task.doc);
    const file = task.kind === 'pdf' ? await reportPdf(doc) : await reportDocx(doc);
    // A fresh buffer of its own, so that transferring it moves nothing else (a Buffer may share a pool).
    const bytes = new Uint8Array(file.byteLength);
    bytes.set(file);
    return { id: task.id, bytes };
  } catch (error) {
    return { id: task.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

parentPort?.on('message', (task: RenderTask) => {
  void render(task).then((answer) =>
    parentPort!.postMessage(answer, 'bytes' in answer ? [answer.bytes.buffer as ArrayBuffer] : []),
  );
});
