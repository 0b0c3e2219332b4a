import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, idParams } from '@kaoping/contracts/common';
import { figuresRecount } from '@kaoping/contracts/figures-recount';
import { actorOf } from '../../lib/actor';
import { recountCompany } from './figures-recount.service';

const tags = ['results'];
const security = [{ bearerAuth: [] }];

/** 重新核算, under the /companies prefix beside the results routes. */
const figuresRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:id/figures/recount',
    {
      schema: {
        tags,
        security,
        summary:
          '重新核算：按选票重新统计本单位每个已结束的投票类型，与结束时保存的统计数据逐项比对并列出差异（记入审计日志）',
        params: idParams,
        response: { 200: figuresRecount, 400: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => recountCompany(app.db, request.params.id, actorOf(request)),
  );
};

export default figuresRoutes;
