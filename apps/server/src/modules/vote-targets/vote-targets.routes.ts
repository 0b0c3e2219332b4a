import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '@kaoping/contracts/common';
import {
  voteTarget,
  voteTargetCreateBody,
  voteTargetList,
  voteTargetListQuery,
  voteTargetUpdateBody,
} from '@kaoping/contracts/vote-target';
import { rosterWriteRoutes } from '../shared/roster.routes';
import * as service from './vote-targets.service';

// GET /results belongs to the results module; no GET /:id is declared here so it can never shadow it.
const voteTargetsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['vote-targets'],
        security: [{ bearerAuth: [] }],
        summary: '测评对象列表（按单位，可按类型筛选；按排序）',
        querystring: voteTargetListQuery,
        response: { 200: voteTargetList, 404: errorResponse },
      },
    },
    async (request) => service.listVoteTargets(app.db, request.query),
  );

  rosterWriteRoutes(app, {
    tag: 'vote-targets',
    schemas: {
      row: voteTarget,
      list: voteTargetList,
      create: voteTargetCreateBody,
      update: voteTargetUpdateBody,
    },
    summaries: {
      create: '新建测评对象',
      update: '修改测评对象（类型创建后不可改）',
      delete: '删除测评对象（已有投票时需高级模式）',
    },
    create: service.createVoteTarget,
    update: service.updateVoteTarget,
    reorder: service.reorderVoteTargets,
    remove: service.deleteVoteTarget,
  });
};

export default voteTargetsRoutes;
