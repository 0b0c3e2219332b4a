import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '@kaoping/contracts/common';
import { turnout, turnoutQuery } from '@kaoping/contracts/turnout';
import { getTurnout } from './turnout.service';

/** GET /votes/turnout: registered under the /votes prefix beside the votes routes. */
const turnoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/turnout',
    {
      schema: {
        tags: ['votes'],
        security: [{ bearerAuth: [] }],
        summary: '实时参与情况：各投票类型的发出数、收回数（正式选票）与参评率，试投票另计',
        querystring: turnoutQuery,
        response: { 200: turnout, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) =>
      getTurnout(app.db, request.query.company_id, request.query.form_category, request.query.round_id),
  );
};

export default turnoutRoutes;
