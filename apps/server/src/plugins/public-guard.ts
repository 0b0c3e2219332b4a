import type { FastifyInstance, FastifyReply } from 'fastify';
import { type ErrorCode, errorBody, errorStatus } from '../lib/errors';
import fp from 'fastify-plugin';

/** Fixed windows of ten seconds: short enough that a hall's bursts never add up, long enough to see a flood. */
export const WINDOW_MS = 10_000;
/** Seconds a client waits after a 503 before it tries again. */
export const BUSY_RETRY_SECONDS = 2;

export interface PublicGuardOptions {
  /** Ballots per address per window; a link takes twice as many from all addresses together. */
  submitLimit: number;
  /** Public reads (links, covers, receipts, polls) per address per window; a link twice as many. */
  readLimit: number;
  /** Requests handled at once; beyond it 503 with Retry-After instead of a queue that times out. */
  maxInFlight: number;
}

/** Counts per key in the current window of each key. */
class Windows {
  private counts = new Map<string, { start: number; n: number }>();
  /** Counts one request; answers the seconds to wait when it goes over `max`, else 0. */
  hit(key: string, max: number, now: number): number {
    let w = this.counts.get(key);
    if (!w || now - w.start >= WINDOW_MS) {
      if (this.counts.size > 100_000) this.prune(now);
      w = { start: now, n: 0 };
      this.counts.set(key, w);
    }
    w.n += 1;
    return w.n > max ? Math.max(1, Math.ceil((w.start + WINDOW_MS - now) / 1000)) : 0;
  }
  private prune(now: number) {
    for (const [k, w] of this.counts) if (now - w.start >= WINDOW_MS) this.counts.delete(k);
  }
}

const refuse = (reply: FastifyReply, seconds: number, code: ErrorCode) =>
  reply.status(errorStatus(code)).header('Retry-After', String(seconds)).send(errorBody(code));

/**
 * The voter's API under load and abuse. Per address and per link, so that one script flooding the
 * server gets 429 while a whole hall behind one venue address (a few thousand phones, in bursts) gets
 * through; and a cap on the requests in progress, so that an overloaded server answers 503 with
 * Retry-After at once (the voter page waits that long and sends the same ballot again) rather than
 * letting every request queue until it times out.
 */
export default fp<PublicGuardOptions>(async (app: FastifyInstance, opts) => {
  const windows = new Windows();
  let inFlight = 0;

  // A request takes its slot once its body has arrived (preValidation runs after parsing): a client
  // that sends headers and then stalls holds a connection until BODY_TIMEOUT_S cuts it (408), never a
  // slot the voters need (issue 28: 1,050 such connections used to answer every request 503).
  app.addHook('preValidation', async (request, reply) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/v1/health')) return;
    if (inFlight >= opts.maxInFlight) return refuse(reply, BUSY_RETRY_SECONDS, 'SERVER_BUSY');
    inFlight += 1;
    reply.raw.once('close', () => {
      inFlight -= 1;
    });
  });

  app.addHook('preValidation', async (request, reply) => {
    const route = request.routeOptions.url ?? '';
    if (!route.startsWith('/api/v1/public/')) return;
    const submit = request.method === 'POST';
    const max = submit ? opts.submitLimit : opts.readLimit;
    const kind = submit ? 'submit' : 'read';
    const body = request.body as { link_id?: unknown } | undefined;
    const params = request.params as { linkId?: unknown; companyId?: unknown } | undefined;
    const link = submit ? body?.link_id : (params?.linkId ?? params?.companyId);
    const now = Date.now();
    // The address first: a request it refuses does not use up the link's share of the hall's phones.
    let wait = windows.hit(`${kind}|ip|${request.ip}`, max, now);
    if (!wait && (typeof link === 'string' || typeof link === 'number')) {
      wait = windows.hit(`${kind}|link|${String(link).slice(0, 100)}`, max * 2, now);
    }
    if (wait > 0) return refuse(reply, wait, 'TOO_MANY_REQUESTS');
  });
});
