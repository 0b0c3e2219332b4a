import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, idParams } from '@kaoping/contracts/common';
import { roundQuery } from '@kaoping/contracts/rounds';
import { sendDownload } from '../../lib/attachment';
import { renderReport } from '../../lib/report/render-pool';
import { sealedReport } from './report.service';
import { exportSlot } from '../../lib/export-gate';

const tags = ['results'];
const security = [{ bearerAuth: [] }];
const file = z.any().meta({ description: '文件内容' });
export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * The printable report of a unit and round (issue 15 item 7), under /companies beside the results: the
 * same blocks as PDF and as Word. Everything that can be refused (unknown unit or round) is refused
 * before the file is drawn; a round without ballots gives a report that says so. Each file is sealed
 * (a 核验码 in its footer, a report_seals row; not an audited write).
 */
const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = (summary: string, type: string) => ({
    tags,
    security,
    summary,
    params: idParams,
    querystring: roundQuery,
    produces: [type],
    response: { 200: file, 400: errorResponse, 404: errorResponse, 429: errorResponse },
  });

  app.get(
    '/:id/report.pdf',
    {
      preHandler: exportSlot,
      schema: schema(
        '测评报告 PDF：封面、参评情况、各汇总表、图表、预警、计票人/监票人签字栏',
        'application/pdf',
      ),
    },
    async (request, reply) => {
      const printer = { keys: app.keys, userId: Number(request.user.sub) };
      const report = await sealedReport(app.db, printer, 'pdf', request.params.id, request.query.round_id);
      const pdf = await renderReport('pdf', report.doc);
      return sendDownload(reply, 'application/pdf', report.fileName('pdf'), pdf);
    },
  );

  app.get(
    '/:id/report.docx',
    { preHandler: exportSlot, schema: schema('测评报告 Word（.docx，可编辑），内容同 PDF', DOCX_TYPE) },
    async (request, reply) => {
      const printer = { keys: app.keys, userId: Number(request.user.sub) };
      const report = await sealedReport(app.db, printer, 'docx', request.params.id, request.query.round_id);
      const docx = await renderReport('docx', report.doc);
      return sendDownload(reply, DOCX_TYPE, report.fileName('docx'), docx);
    },
  );
};

export default reportRoutes;
