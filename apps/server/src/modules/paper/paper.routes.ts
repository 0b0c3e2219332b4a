import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, idParams } from '@kaoping/contracts/common';
import {
  paperCorrectBody,
  paperEntryBody,
  paperPdfQuery,
  paperForm,
  paperSheet,
  paperSheetCheck,
  paperSheetList,
  paperSheetListQuery,
  paperSheetParams,
} from '@kaoping/contracts/paper-ballots';
import { companyScopeQuery } from '@kaoping/contracts/vote-type';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { sendDownload } from '../../lib/attachment';
import { paperBallotsPdf } from './paper-print.service';
import { correctSheet, enterSheet, withdrawSheet } from './paper-entry.service';
import { checkSheetKey, listSheets, paperForm as readForm, sheetDetail } from './paper-read.service';

const tags = ['paper-ballots'];
const security = [{ bearerAuth: [] }];
const refusals = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  422: errorResponse,
};

/** Paper ballots of a vote type (纸质选票): keying, checking, correcting. Under the /vote-types prefix. */
const paperRoutes: FastifyPluginAsyncZod = async (app) => {
  // The keyer is the signed-in account (double entry needs two accounts, not two sign-ins).
  const scope = (q: { company_id?: number }, user: { sub: string }) => ({
    companyId: q.company_id,
    userId: Number(user.sub),
  });

  app.get(
    '/:id/paper.pdf',
    {
      schema: {
        tags,
        security,
        summary:
          '纸质选票 PDF（A4，份数 copies 1-500）：测评码方式每份发放一个新测评码并印在票上（含二维码）；公开链接方式每份印一个新编号（一次打印为一批连续编号，录入时只接受打印过的编号）；blank=1 为空白票（不能录入）',
        params: idParams,
        querystring: paperPdfQuery,
        produces: ['application/pdf'],
        response: { 200: z.any().meta({ description: 'PDF 文件' }), ...refusals },
      },
    },
    async (request, reply) => {
      const out = await paperBallotsPdf(app.db, request.params.id, request.query, {
        actor: actorOf(request),
        envUrl: app.config.PUBLIC_URL,
      });
      return sendDownload(reply, 'application/pdf', out.fileName, out.file);
    },
  );

  app.get(
    '/:id/paper/form',
    {
      schema: {
        tags,
        security,
        summary: '纸质票录入：选票内容（与投票页相同）、录入方式与纸质/线上计数',
        params: idParams,
        querystring: companyScopeQuery,
        response: { 200: paperForm, 400: errorResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request) => readForm(app.db, request.params.id, request.query.company_id),
  );

  app.get(
    '/:id/paper/sheets',
    {
      schema: {
        tags,
        security,
        summary: '已录入的纸质票（新的在前，可按状态筛选，分页）与计数',
        params: idParams,
        querystring: paperSheetListQuery,
        response: { 200: paperSheetList, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => listSheets(app.db, request.params.id, request.query, request.query.company_id),
  );

  app.post(
    '/:id/paper/sheets',
    {
      schema: {
        tags,
        security,
        summary: '录入一张纸质票：与线上投票相同的校验与保存；双人录入时两次一致才计票',
        params: idParams,
        querystring: companyScopeQuery,
        body: paperEntryBody,
        response: { 201: paperSheet, ...refusals },
      },
    },
    async (request, reply) => {
      const sheet = await enterSheet(app.db, request.params.id, request.body, {
        companyId: request.query.company_id,
        actor: actorOf(request),
      });
      return reply.status(201).send(sheet);
    },
  );

  app.get(
    '/:id/paper/sheets/:key',
    {
      schema: {
        tags,
        security,
        summary: '录入前核对测评码（或编号）：能否由本账号录入',
        params: paperSheetParams,
        querystring: companyScopeQuery,
        response: { 200: paperSheetCheck, ...refusals },
      },
    },
    async (request) =>
      checkSheetKey(app.db, request.params.id, request.params.key, scope(request.query, request.user)),
  );

  app.get(
    '/:id/paper/sheets/:key/detail',
    {
      schema: {
        tags,
        security,
        summary: '一张纸质票的两次录入与计票内容（用于对照核对）',
        params: paperSheetParams,
        querystring: companyScopeQuery,
        response: { 200: paperSheet, ...refusals },
      },
    },
    async (request) =>
      sheetDetail(app.db, request.params.id, request.params.key, scope(request.query, request.user)),
  );

  app.put(
    '/:id/paper/sheets/:key',
    {
      schema: {
        tags,
        security,
        summary: '更正已计票的纸质票，或由第三人核对确定两次录入不一致的纸质票',
        params: paperSheetParams,
        querystring: companyScopeQuery,
        body: paperCorrectBody,
        response: { 200: paperSheet, ...refusals },
      },
    },
    async (request) =>
      correctSheet(app.db, request.params.id, request.params.key, request.body, {
        companyId: request.query.company_id,
        actor: actorOf(request),
      }),
  );

  app.delete(
    '/:id/paper/sheets/:key',
    {
      schema: {
        tags,
        security,
        summary: '撤回一张纸质票：删除其选票，测评码恢复为未使用',
        params: paperSheetParams,
        querystring: companyScopeQuery,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await withdrawSheet(app.db, request.params.id, request.params.key, {
        companyId: request.query.company_id,
        actor: actorOf(request),
      });
      return reply.status(204).send(null);
    },
  );
};

export default paperRoutes;
