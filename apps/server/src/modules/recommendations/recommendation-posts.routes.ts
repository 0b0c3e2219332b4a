import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, idParams } from '@kaoping/contracts/common';
import {
  recommendationNameMergeBody,
  recommendationPost,
  recommendationPostCreateBody,
  recommendationPostList,
  recommendationPostListQuery,
  recommendationPostUpdateBody,
} from '@kaoping/contracts/recommendation';
import { companyScopeQuery } from '@kaoping/contracts/vote-type';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import * as service from './recommendation-posts.service';

// /api/v1/admin/recommendation-posts (issue 30): 推荐职位 with their 参考人选 in the unit's current round, and
// 姓名校改 of their write-ins. app.db is the request's transaction for a write (lib/request-transaction.ts).
const recommendationPostsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['recommendation-posts'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: '推荐职位列表（含参考人选，按排序；当前批次）',
        querystring: recommendationPostListQuery,
        response: { 200: recommendationPostList, 404: errorResponse },
      },
    },
    async (request) => service.listRecommendationPosts(app.db, request.query.company_id),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: '新建推荐职位（含参考人选；最多推荐人数默认等于职数）',
        body: recommendationPostCreateBody,
        response: { 201: recommendationPost, 404: errorResponse, 409: errorResponse, 422: errorResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createRecommendationPost(app.db, request.body)),
  );

  app.post(
    '/name-merges',
    {
      schema: {
        tags,
        security,
        summary: '另提名姓名校改：把同一人的不同写法计为一个姓名（记入审计日志，选票保留原写法）',
        body: recommendationNameMergeBody,
        response: { 200: recommendationPost, 404: errorResponse, 409: errorResponse, 422: errorResponse },
      },
    },
    async (request) => service.mergeNames(app.db, request.body, actorOf(request)),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: '修改推荐职位（candidates 为完整的新名单：带 id 的保留，不带的新增，未列出的删除）',
        params: idParams,
        body: recommendationPostUpdateBody,
        response: { 200: recommendationPost, 404: errorResponse, 409: errorResponse, 422: errorResponse },
      },
    },
    async (request) => service.updateRecommendationPost(app.db, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: '删除推荐职位（已有选票时不能删除）',
        params: idParams,
        querystring: companyScopeQuery,
        response: { 204: z.null(), 404: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      await service.deleteRecommendationPost(app.db, request.params.id, request.query.company_id);
      return reply.status(204).send(null);
    },
  );
};

export default recommendationPostsRoutes;
