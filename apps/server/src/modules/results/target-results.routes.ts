import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '@kaoping/contracts/common';
import {
  appraisalResults as appraisalResultsShape,
  targetResultsQuery,
} from '@kaoping/contracts/target-results';
import { appraisalResults } from './appraisal.service';

const tags = ['results'];
const security = [{ bearerAuth: [] }];

/** GET /vote-targets/results: registered under the /vote-targets prefix beside the vote-targets routes. */
const targetResultsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/results',
    {
      schema: {
        tags,
        security,
        summary: '测评对象结果（可按投票类型、测评对象、对象类型细分）',
        querystring: targetResultsQuery,
        response: { 200: appraisalResultsShape, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) =>
      appraisalResults(app.db, request.query.company_id, {
        voteTypeId: request.query.vote_type_id,
        targetId: request.query.target_id,
        targetType: request.query.target_type,
        roundId: request.query.round_id,
      }),
  );
};

export default targetResultsRoutes;
