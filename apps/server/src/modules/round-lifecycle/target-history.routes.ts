import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, idParams } from '@kaoping/contracts/common';
import { targetHistory } from '@kaoping/contracts/rounds';
import * as history from './round-history.service';

/** GET /vote-targets/{id}/history: registered under the /vote-targets prefix beside the vote-targets routes. */
const targetHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/history',
    {
      schema: {
        tags: ['rounds'],
        security: [{ bearerAuth: [] }],
        summary: '测评对象历年得分：沿复制来源追溯各批次的加权得分与最高等次占比',
        params: idParams,
        response: { 200: targetHistory, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => history.targetHistory(app.db, request.params.id),
  );
};

export default targetHistoryRoutes;
