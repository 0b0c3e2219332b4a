import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, idParams } from '@kaoping/contracts/common';
import { roundQuery } from '@kaoping/contracts/rounds';
import { printedSummary } from '@kaoping/contracts/report-check';
import { unitSummary } from '@kaoping/contracts/summary-tables';
import { roundThresholds, summaryThresholdsBody } from '@kaoping/contracts/summary-thresholds';
import { actorOf } from '../../lib/actor';
import { sealDocument } from '../report-check/report-check.service';
import { buildUnitSummary, setThresholds } from './summary.service';

const tags = ['summary'];
const security = [{ bearerAuth: [] }];

/**
 * The official 汇总表 of a unit and round (issue 15), under the /companies prefix beside the companies
 * routes (which have only PATCH and DELETE on /:id, so these paths cannot clash).
 */
const summaryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/summary',
    {
      schema: {
        tags,
        security,
        summary:
          '单位汇总表：有效性（发出数/收回数/参评率）、民主测评（各票类与合计、加权合计、优秀率、称职及以上率、不称职率、预警、排名）、选人用人与新提拔干部',
        params: idParams,
        querystring: roundQuery,
        response: { 200: unitSummary, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => buildUnitSummary(app.db, request.params.id, request.query.round_id),
  );

  app.get(
    '/:id/summary/print',
    {
      schema: {
        tags,
        security,
        summary:
          '打印汇总表：同单位汇总表，并为这次打印生成核验码（页脚打印；可在“报告核验”中核对数据是否仍一致）',
        params: idParams,
        querystring: roundQuery,
        response: { 200: printedSummary, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const summary = await buildUnitSummary(app.db, request.params.id, request.query.round_id);
      const seal = await sealDocument(app.db, app.keys, {
        kind: 'summary_print',
        companyId: summary.company.id,
        roundId: summary.round.id,
        figures: summary,
        userId: Number(request.user.sub),
      });
      return { summary, seal: { code: seal.code, sealed_at: seal.sealedAt.toISOString() } };
    },
  );

  app.put(
    '/:id/summary/thresholds',
    {
      schema: {
        tags,
        security,
        summary:
          '设置测评批次的汇总表预警阈值（0-1 的小数；称职及以上率阈值不能低于不称职率阈值；记入审计日志）',
        params: idParams,
        body: summaryThresholdsBody,
        response: {
          200: roundThresholds,
          400: errorResponse,
          403: errorResponse,
          404: errorResponse,
          409: errorResponse,
          422: errorResponse,
        },
      },
    },
    async (request) => setThresholds(app.db, request.params.id, request.body, actorOf(request)),
  );
};

export default summaryRoutes;
