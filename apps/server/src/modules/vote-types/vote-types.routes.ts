import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, idParams } from '@kaoping/contracts/common';
import {
  companyScopeQuery,
  voteType,
  voteTypeCreateBody,
  voteTypeList,
  voteTypeListQuery,
  voteTypeUpdateBody,
} from '@kaoping/contracts/vote-type';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { elevatedUntil } from '../auth/auth-token';
import { publicBase } from '../settings/settings.service';
import * as service from './vote-types.service';

const tags = ['vote-types'];
const security = [{ bearerAuth: [] }];

const voteTypesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: '投票类型列表（按单位，可按表单类别筛选；按排序）',
        querystring: voteTypeListQuery,
        response: { 200: voteTypeList, 404: errorResponse },
      },
    },
    async (request) =>
      service.listVoteTypes(app.db, request.query, await publicBase(app.db, app.config.PUBLIC_URL)),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: '新建投票类型（link_id 由服务器生成）',
        body: voteTypeCreateBody,
        response: { 201: voteType, 404: errorResponse, 409: errorResponse, 422: errorResponse },
      },
    },
    async (request, reply) => {
      const base = await publicBase(app.db, app.config.PUBLIC_URL);
      return reply.status(201).send(await service.createVoteType(app.db, request.body, base));
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: '修改投票类型（已有正式投票后不能再改投票方式或转回试投票，应到人数不能少于已收回的选票）',
        params: idParams,
        body: voteTypeUpdateBody,
        response: { 200: voteType, 404: errorResponse, 409: errorResponse, 422: errorResponse },
      },
    },
    async (request) =>
      service.updateVoteType(app.db, request.params.id, request.body, {
        base: await publicBase(app.db, app.config.PUBLIC_URL),
        actor: actorOf(request),
      }),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: '删除投票类型及其封面（已有投票时需高级模式，投票一并删除）',
        params: idParams,
        querystring: companyScopeQuery,
        response: { 204: z.null(), 403: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      await service.deleteVoteType(app.db, request.params.id, {
        companyId: request.query.company_id,
        actor: actorOf(request),
        elevated: elevatedUntil(request.user) !== null,
      });
      return reply.status(204).send(null);
    },
  );
};

export default voteTypesRoutes;
