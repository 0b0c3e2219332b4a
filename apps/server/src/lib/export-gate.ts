import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody, errorStatus } from './errors';

/** Heavy exports drawn at once per instance; the embedded database serves the ballots in between. */
export const EXPORTS_RUNNING = 2;
/** Exports that wait for a turn; one more is refused with 429 EXPORTS_BUSY. */
export const EXPORTS_WAITING = 4;
/** Seconds the client is asked to wait before it asks again. */
export const EXPORTS_RETRY_SECONDS = 15;

/** A few slots and a short first-come queue in front of them. */
export class ExportGate {
  private running = 0;
  private queue: (() => void)[] = [];
  constructor(
    readonly maxRunning = EXPORTS_RUNNING,
    readonly maxWaiting = EXPORTS_WAITING,
  ) {}

  /** A promise of the slot's release function, or null when the queue is full. */
  enter(): Promise<() => void> | null {
    if (this.running < this.maxRunning) {
      this.running += 1;
      return Promise.resolve(this.releaser());
    }
    if (this.queue.length >= this.maxWaiting) return null;
    return new Promise((resolve) => this.queue.push(() => resolve(this.releaser())));
  }

  private releaser() {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = this.queue.shift();
      // The slot passes straight to the next in line.
      if (next) next();
      else this.running -= 1;
    };
  }
}

// One gate per server instance: keyed by its configuration object, which every plugin context shares.
const gates = new WeakMap<object, ExportGate>();
const gateOf = (request: FastifyRequest) => {
  const key = request.server.config as object;
  let gate = gates.get(key);
  if (!gate) gates.set(key, (gate = new ExportGate()));
  return gate;
};

/**
 * preHandler of every heavy export (raw-ballot CSV, results workbook, report PDF and Word, rankings
 * workbook): waits for a slot (at most EXPORTS_WAITING wait), or answers 429 EXPORTS_BUSY with
 * Retry-After at once. The slot is held until the response has been sent (or the client went away),
 * so a streamed file keeps it while it streams.
 */
export async function exportSlot(request: FastifyRequest, reply: FastifyReply) {
  const entering = gateOf(request).enter();
  if (!entering) {
    return reply
      .status(errorStatus('EXPORTS_BUSY'))
      .header('Retry-After', String(EXPORTS_RETRY_SECONDS))
      .send(errorBody('EXPORTS_BUSY'));
  }
  const slot: { release?: () => void; closed?: boolean } = {};
  reply.raw.once('close', () => {
    slot.closed = true;
    slot.release?.();
  });
  slot.release = await entering;
  // The client gave up while waiting: the slot goes to the next one.
  if (slot.closed) slot.release();
}
