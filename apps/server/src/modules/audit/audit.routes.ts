import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditFilterQuery, auditListQuery, auditPage, auditVerify } from '@kaoping/contracts/audit-log';
import { z } from 'zod';
import { sendDownload, streamedFile } from '../../lib/attachment';
import { writeAuditXlsx } from './audit-export';
import { auditRows, listAuditLog, verifyAuditLog } from './audit.service';

const tags = ['audit-log'];
const security = [{ bearerAuth: [] }];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The audit log: read only (no route edits or deletes a row). */
const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: '审计日志（按单位、用户、操作、时间筛选，分页；只含可见单位的记录）',
        querystring: auditListQuery,
        response: { 200: auditPage },
      },
    },
    async (request) => listAuditLog(app.db, request.admin!, request.query),
  );

  app.get(
    '/verify',
    { schema: { tags, security, summary: '校验审计日志哈希链是否完整', response: { 200: auditVerify } } },
    async () => verifyAuditLog(app.db),
  );

  app.get(
    '/export.xlsx',
    {
      schema: {
        tags,
        security,
        summary: '导出审计日志 Excel（同列表筛选条件）',
        querystring: auditFilterQuery,
        produces: [XLSX_TYPE],
        response: { 200: z.any().describe('xlsx 文件') },
      },
    },
    async (request, reply) => {
      const out = streamedFile(request.log, '导出审计日志失败', (o) =>
        writeAuditXlsx(o, auditRows(app.db, request.admin!, request.query)),
      );
      return sendDownload(reply, XLSX_TYPE, '审计日志.xlsx', out);
    },
  );
};

export default auditRoutes;
