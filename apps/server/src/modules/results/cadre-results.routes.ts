import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '@kaoping/contracts/common';
import {
  evaluationResults as evaluationResultsShape,
  statisticsQuery,
} from '@kaoping/contracts/cadre-results';
import { evaluationResults } from './evaluation.service';

const tags = ['results'];
const security = [{ bearerAuth: [] }];

/** /cadre-results: democratic evaluation statistics (选人用人工作、新提拔任用干部). */
const cadreResultsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/statistics',
    {
      schema: {
        tags,
        security,
        summary:
          '民主评议统计：选人用人工作各题选项人数与占比、文字意见；新提拔干部各对象认同情况、认同率与不认同超阈值标记',
        querystring: statisticsQuery,
        response: { 200: evaluationResultsShape, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) =>
      evaluationResults(app.db, request.query.company_id, {
        voteTypeId: request.query.vote_type_id,
        threshold: request.query.threshold,
        roundId: request.query.round_id,
      }),
  );
};

export default cadreResultsRoutes;
