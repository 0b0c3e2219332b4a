import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditFilterQuery, auditListQuery, auditPage, auditVerify } from '@kaoping/contracts/audit-log';
import { z } from 'zod';
import { sendDownload, streamedFile } from '../../lib/attachment';
import { writeAuditXlsx } from './audit-export';
import { visibleUnits } from '../auth/roles';
import { chainSetup } from './audit-chain';
import { auditRows, listAuditLog } from './audit.service';
import { verifyAuditChain } from './audit-verify';

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
    {
      schema: {
        tags,
        security,
        summary:
          '校验审计链：逐条核对带密钥的 MAC 与前后链接，并与最近的锚点比对，列出每处问题（单位管理员只核验所管单位的记录）',
        response: { 200: auditVerify },
      },
    },
    async (request) =>
      verifyAuditChain(app.db, app.keys, visibleUnits(request.admin!), chainSetup(app.db).anchorFile),
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
