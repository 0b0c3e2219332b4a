import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '@kaoping/contracts/common';
import { reportCheckAnswer, reportCheckQuery } from '@kaoping/contracts/report-check';
import { visibleUnits } from '../auth/roles';
import { checkSeal, type FiguresOf } from './report-check.service';

/**
 * 报告核验 (issue 27). The modules that print documents sit above this one (they seal through it), so
 * the way each document's figures are read again is handed in when the routes are mounted.
 */
const reportCheckRoutes: FastifyPluginAsyncZod<{ figuresOf: FiguresOf }> = async (app, opts) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['results'],
        security: [{ bearerAuth: [] }],
        summary:
          '报告核验：按页脚的核验码查出打印的文件（单位、批次、时间、账号），并核对系统现有数据是否仍与打印时一致；审计链头（当时与现在）',
        querystring: reportCheckQuery,
        response: { 200: reportCheckAnswer, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) =>
      checkSeal(app.db, app.keys, opts.figuresOf, request.query.code, visibleUnits(request.admin!)),
  );
};

export default reportCheckRoutes;
