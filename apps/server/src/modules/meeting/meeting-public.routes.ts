import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@kaoping/contracts/common';
import { MEETING_REFRESH_MS, meetingBoard } from '@kaoping/contracts/meeting';
import { companyOfShare, meetingBoard as boardOf } from './meeting.service';

const tags = ['meeting'];
const tokenParams = z.object({ token: z.string().max(100) });
/** A comment line this often keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_TICKS = 15;

/**
 * /public/meeting/{token}: the board for a projector that is not signed in, and /events, the same board
 * as server-sent events (sent on connect and again within a second of any change; `event: gone` when
 * the link is revoked). Each stream reads the database once a second, so every instance behind a load
 * balancer sees every ballot without sharing anything but the database.
 */
const meetingPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const streams = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const stop of [...streams]) stop();
  });

  app.get(
    '/:token',
    {
      schema: {
        tags,
        summary: '会场大屏（分享链接，无需登录）',
        params: tokenParams,
        response: { 200: meetingBoard, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const companyId = await companyOfShare(app.db, request.params.token);
      reply.header('Cache-Control', 'no-store');
      return boardOf(app.db, companyId, app.config.PUBLIC_URL);
    },
  );

  app.get(
    '/:token/events',
    {
      schema: {
        tags,
        summary: '会场大屏的实时更新（text/event-stream）',
        params: tokenParams,
        response: { 404: errorResponse },
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      const companyId = await companyOfShare(app.db, token);
      reply.hijack();
      const raw: ServerResponse = reply.raw;
      raw.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store, no-transform',
        Connection: 'keep-alive',
        // nginx would otherwise hold the events back in its buffer.
        'X-Accel-Buffering': 'no',
      });
      let last = '';
      let quiet = 0;
      let busy = false;
      const tick = async () => {
        if (busy) return;
        busy = true;
        try {
          if ((await companyOfShare(app.db, token).catch(() => null)) !== companyId) {
            raw.write('event: gone\ndata: {}\n\n');
            stop();
            return;
          }
          const board = await boardOf(app.db, companyId, app.config.PUBLIC_URL);
          const figures = JSON.stringify({ ...board, generated_at: null });
          if (figures !== last) {
            last = figures;
            quiet = 0;
            raw.write(`data: ${JSON.stringify(board)}\n\n`);
          } else if (++quiet % KEEP_ALIVE_TICKS === 0) raw.write(': keep-alive\n\n');
        } catch (error) {
          request.log.warn({ err: error }, 'meeting board stream: a read failed, trying again');
        } finally {
          busy = false;
        }
      };
      const timer = setInterval(() => void tick(), MEETING_REFRESH_MS);
      function stop() {
        clearInterval(timer);
        streams.delete(stop);
        if (!raw.writableEnded) raw.end();
      }
      streams.add(stop);
      request.raw.on('close', stop);
      await tick();
    },
  );
};

export default meetingPublicRoutes;
