import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, idParams } from '@kaoping/contracts/common';
import { companyScopeQuery } from '@kaoping/contracts/vote-type';
import {
  voteTarget,
  voteTargetCreateBody,
  voteTargetList,
  voteTargetListQuery,
  voteTargetReorderBody,
  voteTargetUpdateBody,
} from '@kaoping/contracts/vote-target';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { elevatedUntil } from '../auth/auth-token';
import * as service from './vote-targets.service';

const tags = ['vote-targets'];
const security = [{ bearerAuth: [] }];

// GET /results belongs to the results module; no GET /:id is declared here so it can never shadow it.
const voteTargetsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: '测评对象列表（按单位，可按类型筛选；按排序）',
        querystring: voteTargetListQuery,
        response: { 200: voteTargetList, 404: errorResponse },
      },
    },
    async (request) => service.listVoteTargets(app.db, request.query),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: '新建测评对象',
        body: voteTargetCreateBody,
        response: { 201: voteTarget, 404: errorResponse, 422: errorResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createVoteTarget(app.db, request.body)),
  );

  // Declared before /:id for readers; the router prefers the static segment anyway.
  app.put(
    '/reorder',
    {
      schema: {
        tags,
        security,
        summary: '批量排序（同一事务，全部成功或全部不变）',
        body: voteTargetReorderBody,
        response: { 200: voteTargetList, 404: errorResponse, 422: errorResponse },
      },
    },
    async (request) => service.reorderVoteTargets(app.db, request.body),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: '修改测评对象（类型创建后不可改）',
        params: idParams,
        body: voteTargetUpdateBody,
        response: { 200: voteTarget, 404: errorResponse, 422: errorResponse },
      },
    },
    async (request) => service.updateVoteTarget(app.db, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: '删除测评对象（已有投票时需高级模式）',
        params: idParams,
        querystring: companyScopeQuery,
        response: { 204: z.null(), 403: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      await service.deleteVoteTarget(app.db, request.params.id, {
        companyId: request.query.company_id,
        actor: actorOf(request),
        elevated: elevatedUntil(request.user) !== null,
      });
      return reply.status(204).send(null);
    },
  );
};

export default voteTargetsRoutes;
