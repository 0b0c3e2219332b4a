import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, idParams } from '@kaoping/contracts/common';
import { companyExportQuery } from '@kaoping/contracts/company-results';
import { sendDownload, streamedFile } from '../../lib/attachment';
import { XLSX_TYPE } from '../results/export-xlsx';
import { prepareSummaryXlsx } from './report.service';
import { exportSlot } from '../../lib/export-gate';

const file = z.any().meta({ description: '文件内容（流式传输）' });

/**
 * The results workbook of a family: the official 汇总表 sheets in the print layout first (see
 * prepareSummaryXlsx), then the results' own sheets and the raw ballots, streamed.
 */
const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/results/export.xlsx',
    {
      preHandler: exportSlot,
      schema: {
        tags: ['results'],
        security: [{ bearerAuth: [] }],
        summary:
          '导出结果 Excel（按打印格式排版的汇总表，汇总表、各投票类型、分项与反向测评或评议明细、原始选票），流式生成',
        params: idParams,
        querystring: companyExportQuery,
        produces: [XLSX_TYPE],
        response: { 200: file, 400: errorResponse, 404: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const { form_category, round_id } = request.query;
      const printer = { keys: app.keys, userId: Number(request.user.sub) };
      const job = await prepareSummaryXlsx(app.db, printer, request.params.id, form_category, round_id);
      const out = streamedFile(request.log, '导出 Excel 失败', (o) => job.write(o));
      return sendDownload(reply, XLSX_TYPE, job.fileName, out);
    },
  );
};

export default exportRoutes;
