import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  codeList,
  codeListQuery,
  codesPdfQuery,
  issueCodesBody,
  issuedCodes,
  voidCodesBody,
  voidedCodes,
} from '@kaoping/contracts/ballot-codes-api';
import { errorResponse, idParams } from '@kaoping/contracts/common';
import { companyScopeQuery } from '@kaoping/contracts/vote-type';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { sendDownload } from '../../lib/attachment';
import { issueCodes, listCodes, voidCodes } from './codes.service';
import { codesPdf, posterOf } from './print.service';

const tags = ['ballot-codes'];
const security = [{ bearerAuth: [] }];
const errors = { 404: errorResponse, 409: errorResponse };
const pdf = z.any().meta({ description: 'PDF 文件' });

/** The one-time codes of a vote type (测评码) and what is printed: under the /vote-types prefix. */
const codesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:id/codes',
    {
      schema: {
        tags,
        security,
        summary: '发放（补发）测评码：一次 1-5000 个，作为新的一批',
        params: idParams,
        querystring: companyScopeQuery,
        body: issueCodesBody,
        response: { 201: issuedCodes, 422: errorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const issued = await issueCodes(app.db, request.params.id, request.body.count, {
        companyId: request.query.company_id,
        actor: actorOf(request),
      });
      return reply.status(201).send(issued);
    },
  );

  app.get(
    '/:id/codes',
    {
      schema: {
        tags,
        security,
        summary: '测评码数量（发出、已用、作废、未用）与列表（可按状态、批次筛选，分页）',
        params: idParams,
        querystring: codeListQuery.extend(companyScopeQuery.shape),
        response: { 200: codeList, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => listCodes(app.db, request.params.id, request.query, request.query.company_id),
  );

  app.post(
    '/:id/codes/void',
    {
      schema: {
        tags,
        security,
        summary: '作废测评码：指定的未使用测评码（codes），或全部未使用的（all_unused）；已使用的不能作废',
        params: idParams,
        querystring: companyScopeQuery,
        body: voidCodesBody,
        response: { 200: voidedCodes, 422: errorResponse, ...errors },
      },
    },
    async (request) =>
      voidCodes(app.db, request.params.id, request.body, {
        companyId: request.query.company_id,
        actor: actorOf(request),
      }),
  );

  app.get(
    '/:id/codes.pdf',
    {
      schema: {
        tags,
        security,
        summary: '测评码纸条 PDF（A4，每页 2×5 张，含二维码）：全部未使用的测评码，或某一批（batch）的',
        params: idParams,
        querystring: codesPdfQuery.extend(companyScopeQuery.shape),
        produces: ['application/pdf'],
        response: { 200: pdf, 400: errorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const out = await codesPdf(app.db, request.params.id, {
        batch: request.query.batch,
        companyId: request.query.company_id,
        envUrl: app.config.PUBLIC_URL,
      });
      return sendDownload(reply, 'application/pdf', out.fileName, out.file);
    },
  );

  app.get(
    '/:id/poster.pdf',
    {
      schema: {
        tags,
        security,
        summary: '公开链接方式的投票二维码海报 PDF（A4）',
        params: idParams,
        querystring: companyScopeQuery,
        produces: ['application/pdf'],
        response: { 200: pdf, 400: errorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const out = await posterOf(app.db, request.params.id, {
        companyId: request.query.company_id,
        envUrl: app.config.PUBLIC_URL,
      });
      return sendDownload(reply, 'application/pdf', out.fileName, out.file);
    },
  );
};

export default codesRoutes;
