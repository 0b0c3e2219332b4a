import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, idSchema } from '@kaoping/contracts/common';
import { preflightReport } from '@kaoping/contracts/preflight';
import { z } from 'zod';
import { preflight } from './preflight.service';

/**
 * GET /preflight?company_id=: 会前检查 of one unit (issue 28). Read only, for the roles that run a meeting
 * (system and unit admins, route-access.ts); it writes nothing but a probe file it removes at once.
 */
const preflightRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['preflight'],
        security: [{ bearerAuth: [] }],
        summary: '会前检查：公网地址、磁盘、快照、时区及各投票类型的开放时间、试投票、投票码、封面、纸质选票',
        querystring: z.object({ company_id: idSchema }),
        response: { 200: preflightReport, 404: errorResponse },
      },
    },
    async (request) => preflight(app.db, app.config, request.query.company_id),
  );
};

export default preflightRoutes;
