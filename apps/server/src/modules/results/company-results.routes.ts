import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, idParams } from '@kaoping/contracts/common';
import { companyExportQuery, companyResults, companyResultsQuery } from '@kaoping/contracts/company-results';
import { z } from 'zod';
import { appraisalResults } from './appraisal.service';
import { evaluationResults } from './evaluation.service';
import { sendDownload } from '../../lib/attachment';
import { prepareCsv } from './export.service';
import { exportSlot } from '../../lib/export-gate';

const tags = ['results'];
const security = [{ bearerAuth: [] }];
const file = z.any().meta({ description: '文件内容（流式传输）' });

/**
 * Results of one company, under the /companies prefix beside the companies routes (which have only
 * PATCH and DELETE on /:id, so these GET paths cannot clash).
 */
const companyResultsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/results',
    {
      schema: {
        tags,
        security,
        summary:
          '单位投票结果：民主测评（默认）为各测评对象按投票类型的得分、加权得分与排名；民主评议同 /cadre-results/statistics',
        params: idParams,
        querystring: companyResultsQuery,
        response: { 200: companyResults, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { form_category, threshold, round_id: roundId } = request.query;
      return form_category === 'democratic_evaluation'
        ? evaluationResults(app.db, id, { threshold, roundId })
        : appraisalResults(app.db, id, { roundId });
    },
  );

  app.get(
    '/:id/results/ballots.csv',
    {
      preHandler: exportSlot,
      schema: {
        tags,
        security,
        summary: '导出原始选票 CSV（UTF-8 带 BOM，Excel 可直接打开），流式生成',
        params: idParams,
        querystring: companyExportQuery,
        produces: ['text/csv'],
        response: { 200: file, 400: errorResponse, 404: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const { form_category, round_id } = request.query;
      const csv = await prepareCsv(app.db, request.params.id, form_category, round_id);
      return sendDownload(reply, 'text/csv; charset=utf-8', csv.fileName, Readable.from(csv.chunks));
    },
  );
};

export default companyResultsRoutes;
