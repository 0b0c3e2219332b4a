import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@kaoping/contracts/common';
import { rankings, rankingsQuery } from '@kaoping/contracts/rankings';
import { visibleUnits } from '../auth/roles';
import { sendDownload, streamedFile } from '../../lib/attachment';
import { XLSX_TYPE } from '../results/export-xlsx';
import { rankingsOf } from './rankings.service';
import { sealedRankings } from './rankings-seal';
import { writeRankingsBook } from './rankings-xlsx';
import { exportSlot } from '../../lib/export-gate';

const tags = ['rankings'];
const security = [{ bearerAuth: [] }];

/** 跨单位排名: over the units the signed-in account may see. */
const rankingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: '跨单位排名：某年度各单位领导班子加权得分与选人用人“好”占比、全部领导干部、新提拔干部认同率',
        querystring: rankingsQuery,
        response: { 200: rankings, 400: errorResponse },
      },
    },
    async (request) => rankingsOf(app.db, visibleUnits(request.admin!), request.query.year),
  );

  app.get(
    '/export',
    {
      preHandler: exportSlot,
      schema: {
        tags,
        security,
        summary: '导出跨单位排名 Excel（三张打印表）',
        querystring: rankingsQuery,
        produces: [XLSX_TYPE],
        response: { 200: z.any().meta({ description: '文件内容' }), 400: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const { year } = request.query;
      const { rankings: r, seal } = await sealedRankings(
        app.db,
        app.keys,
        visibleUnits(request.admin!),
        year,
        Number(request.user.sub),
      );
      const out = streamedFile(request.log, '导出排名 Excel 失败', (o) => writeRankingsBook(r, o, seal.code));
      return sendDownload(reply, XLSX_TYPE, `${year}年度跨单位排名.xlsx`, out);
    },
  );
};

export default rankingsRoutes;
