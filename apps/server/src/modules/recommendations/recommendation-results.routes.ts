import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, idParams } from '@kaoping/contracts/common';
import { recommendationResults, recommendationResultsQuery } from '@kaoping/contracts/recommendation';
import * as service from './recommendation-results.service';

/** GET /companies/{id}/recommendation-results (issue 30), under the /companies prefix like the other results. */
const recommendationResultsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/recommendation-results',
    {
      schema: {
        tags: ['results'],
        security: [{ bearerAuth: [] }],
        summary:
          '民主推荐结果：每个推荐职位按投票类型（投票人分组）和合计的收回、有效、无效、弃权票与各人选得票（仅已结束的投票类型）',
        params: idParams,
        querystring: recommendationResultsQuery,
        response: { 200: recommendationResults, 404: errorResponse },
      },
    },
    async (request) => service.recommendationResults(app.db, request.params.id, request.query.round_id),
  );
};

export default recommendationResultsRoutes;
