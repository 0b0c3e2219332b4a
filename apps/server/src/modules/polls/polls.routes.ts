import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyIdParams, errorResponse, idParams } from '@kaoping/contracts/common';
import {
  companyPollsQuery,
  copyFromTemplateBody,
  poll,
  pollCreateBody,
  pollList,
  pollListQuery,
  pollStatsList,
  pollStatsParams,
  pollStatsQuery,
  pollUpdateBody,
} from '@kaoping/contracts/poll';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import * as service from './polls.service';

const tags = ['polls'];
const security = [{ bearerAuth: [] }];

const pollsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: '问卷列表（可按单位、类型筛选）',
        querystring: pollListQuery,
        response: { 200: pollList, 400: errorResponse },
      },
    },
    async (request) => service.listPolls(app.db, request.query),
  );

  app.get(
    '/company/:companyId',
    {
      schema: {
        tags,
        security,
        summary: '某单位的问卷（每种类型至多一份）',
        params: companyIdParams,
        querystring: companyPollsQuery,
        response: { 200: pollList, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => service.listCompanyPolls(app.db, request.params.companyId, request.query.target_type),
  );

  app.post(
    '/copy-from-template',
    {
      schema: {
        tags,
        security,
        summary: '从模板导入问卷',
        body: copyFromTemplateBody,
        response: { 201: poll, 404: errorResponse, 409: errorResponse, 422: errorResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await service.copyFromTemplate(app.db, request.body)),
  );

  app.get(
    '/:pollId/stats',
    {
      schema: {
        tags,
        security,
        summary: '各问卷的答卷数与投票人数（路径中的 ID 不参与筛选；按 company_id 筛选单位）',
        params: pollStatsParams,
        querystring: pollStatsQuery,
        response: { 200: pollStatsList, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => service.pollStats(app.db, request.query.company_id),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: '问卷详情',
        params: idParams,
        response: { 200: poll, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => service.getPoll(app.db, request.params.id),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: '新建问卷',
        body: pollCreateBody,
        response: { 201: poll, 404: errorResponse, 409: errorResponse, 422: errorResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createPoll(app.db, request.body)),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: '保存问卷（标题、说明、问卷内容；未提供的保持不变）',
        params: idParams,
        body: pollUpdateBody,
        response: { 200: poll, 400: errorResponse, 404: errorResponse, 422: errorResponse },
      },
    },
    async (request) => service.updatePoll(app.db, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      preHandler: app.requireAdvancedMode,
      schema: {
        tags,
        security,
        summary: '删除问卷（需高级模式；已有投票记录的不能删除）',
        params: idParams,
        response: {
          204: z.null(),
          400: errorResponse,
          403: errorResponse,
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request, reply) => {
      await service.deletePoll(app.db, request.params.id, actorOf(request));
      return reply.status(204).send(null);
    },
  );
};

export default pollsRoutes;
