import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, idParams } from '@kaoping/contracts/common';
import { companyHistory, round, roundCreateBody, roundList } from '@kaoping/contracts/rounds';
import { actorOf } from '../../lib/actor';
import { fail } from '../../lib/errors';
import * as history from './round-history.service';
import { startNewRound } from './new-round.service';

const tags = ['rounds'];
const security = [{ bearerAuth: [] }];

/**
 * A unit's rounds (测评批次), under the /companies prefix beside the companies routes (which have only
 * PATCH and DELETE on /:id, so these paths cannot clash).
 */
const roundsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/rounds',
    {
      schema: {
        tags,
        security,
        summary: '单位的测评批次（当前批次在前），含投票类型、测评对象、评议对象与正式选票数',
        params: idParams,
        response: { 200: roundList, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => history.listRounds(app.db, request.params.id),
  );

  app.post(
    '/:id/rounds',
    {
      preHandler: app.requireAdvancedMode,
      // Bad names and years answer 400 with the rule broken (not the usual 422).
      attachValidation: true,
      schema: {
        tags,
        security,
        summary:
          '开始新一轮测评（需高级模式，记入审计日志）：归档当前批次，复制问卷、投票类型（新链接、试投票、无测评码）、测评对象、评议对象与封面，不复制选票',
        params: idParams,
        body: roundCreateBody,
        response: {
          201: round,
          400: errorResponse,
          403: errorResponse,
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request, reply) => {
      if (request.validationError) {
        const issues = (request.validationError.validation ?? [])
          .slice(0, 3)
          .map((i: { message?: string }) => i.message ?? '无效');
        throw fail('INVALID_PARAMS', { issues: issues.join('；') || '请求体无效' });
      }
      const created = await startNewRound(app.db, request.params.id, request.body, actorOf(request));
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/:id/rounds/history',
    {
      schema: {
        tags,
        security,
        summary: '单位历年测评情况：各批次的选票数、班子加权得分、个人平均分与新提拔干部认同率',
        params: idParams,
        response: { 200: companyHistory, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => history.companyHistory(app.db, request.params.id),
  );
};

export default roundsRoutes;
