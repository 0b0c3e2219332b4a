import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';

/** How long a stop waits at most for handlers still running (a stuck one must not keep the process up). */
export const SETTLE_MS = 15_000;

export interface HandlersInFlightOptions {
  /** SETTLE_MS unless given (tests). */
  settleMs?: number;
}

/**
 * A clean stop lets every route handler finish before the database closes. Node's server.close()
 * waits for open connections, not for handlers whose client has gone (a voter who closed the page
 * right after sending): without this, the database was closed under their ballots and each one logged
 * an unhandled error. Every handler is counted from its call until the promise it returns settles;
 * app.close() waits (onClose, after the server has stopped taking requests) until none is left.
 */
export default fp<HandlersInFlightOptions>(async (app: FastifyInstance, opts) => {
  let running = 0;
  let waiting: (() => void)[] = [];
  const finish = () => {
    running -= 1;
    if (running > 0) return;
    for (const resolve of waiting) resolve();
    waiting = [];
  };

  app.addHook('onRoute', (route) => {
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function counted(this: FastifyInstance, request, reply) {
      running += 1;
      let result: unknown;
      try {
        result = handler.call(this, request, reply);
      } catch (err) {
        finish();
        throw err;
      }
      if (result instanceof Promise) return result.finally(finish);
      finish();
      return result;
    } as RouteHandlerMethod;
  });

  app.addHook('onClose', async () => {
    if (running === 0) return;
    await new Promise<void>((resolve) => {
      waiting.push(resolve);
      setTimeout(resolve, opts.settleMs ?? SETTLE_MS).unref();
    });
  });
});
