// plugins/handlers-in-flight.ts on its own: app.close() waits for a handler still running (its client
// may be gone; the database must not close under it), and gives up after the settle time on one that
// never ends. The whole server under SIGTERM is test/shutdown.test.ts.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import handlersInFlight from '../src/plugins/handlers-in-flight';

async function appWithSlowRoute(settleMs?: number) {
  const app = Fastify();
  await app.register(handlersInFlight, { settleMs });
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let finished = false;
  app.get('/slow', async () => {
    await released;
    finished = true;
    return { ok: true };
  });
  app.get('/quick', async () => ({ ok: true }));
  await app.ready();
  return { app, release, finished: () => finished };
}

const tick = () => new Promise((r) => setTimeout(r, 20));

describe('a clean stop and the handlers still running', () => {
  it('closes at once when nothing runs, and after a quick request has been answered', async () => {
    const { app } = await appWithSlowRoute();
    expect((await app.inject({ method: 'GET', url: '/quick' })).statusCode).toBe(200);
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('waits for a handler still running before close() resolves', async () => {
    const { app, release, finished } = await appWithSlowRoute();
    const answer = app.inject({ method: 'GET', url: '/slow' });
    await tick();
    let closed = false;
    const closing = app.close().then(() => (closed = true));
    await tick();
    expect(closed).toBe(false);
    release();
    await closing;
    expect(finished()).toBe(true);
    expect((await answer).statusCode).toBe(200);
  });

  it('gives up after the settle time on a handler that never ends', async () => {
    const { app, release } = await appWithSlowRoute(100);
    void app.inject({ method: 'GET', url: '/slow' });
    await tick();
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    release();
  });
});
