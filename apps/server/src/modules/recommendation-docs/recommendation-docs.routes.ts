import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, idParams, idSchema } from '@kaoping/contracts/common';
import { sendDownload, streamedFile } from '../../lib/attachment';
import { exportSlot } from '../../lib/export-gate';
import { renderReport } from '../../lib/report/render-pool';
import { XLSX_TYPE } from '../results/export-xlsx';
import { sealedSummary } from './recommendation-docs.service';

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const TYPES = { pdf: 'application/pdf', docx: DOCX_TYPE, xlsx: XLSX_TYPE } as const;

const exportQuery = z.object({
  format: z
    .enum(['xlsx', 'pdf', 'docx'], { error: '文件格式（format）只能是 xlsx、pdf 或 docx' })
    .meta({ description: 'xlsx（Excel）、pdf 或 docx（Word）' }),
  /** An archived round of the unit; absent = the current round. */
  round_id: idSchema.optional(),
});

const file = z.any().meta({ description: '文件内容' });

/**
 * GET /companies/{id}/recommendation-results/export?format=xlsx|pdf|docx (issue 30): the 民主推荐情况汇总表
 * of the unit's round, from the ended vote types (the open ones are named in the file), sealed with a
 * 核验码 in every page's footer; PDF and Word drawn on the render worker, xlsx streamed.
 */
const recommendationDocsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/recommendation-results/export',
    {
      preHandler: exportSlot,
      schema: {
        tags: ['results'],
        security: [{ bearerAuth: [] }],
        summary:
          '民主推荐情况汇总表（Excel、PDF 或 Word）：每个推荐职位的职数、最多推荐人数、应到/实到/有效/无效/弃权、各人选得票与得票率（按投票类型和合计）、名次、另提名与过半数标记，计票人/监票人签字栏与核验码',
        params: idParams,
        querystring: exportQuery,
        produces: Object.values(TYPES),
        response: { 200: file, 400: errorResponse, 404: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const { format, round_id } = request.query;
      const printer = { keys: app.keys, userId: Number(request.user.sub) };
      const summary = await sealedSummary(app.db, printer, format, request.params.id, round_id);
      if (format === 'xlsx') {
        const out = streamedFile(request.log, '导出民主推荐情况汇总表失败', (o) => summary.writeXlsx(o));
        return sendDownload(reply, XLSX_TYPE, summary.fileName, out);
      }
      const body = await renderReport(format, summary.doc);
      return sendDownload(reply, TYPES[format], summary.fileName, body);
    },
  );
};

export default recommendationDocsRoutes;
