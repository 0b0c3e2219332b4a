import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countResponse, errorResponse } from '@kaoping/contracts/common';
import {
  voterDeleteQuery,
  voterDeleteResult,
  voterFilterQuery,
  voterParams,
  voterResultList,
  voterResultsQuery,
} from '@kaoping/contracts/records';
import { FORM_CATEGORY_LABELS, type FormCategory } from '@kaoping/contracts/vote-type';
import { actorOf } from '../../lib/actor';
import * as service from './voters.service';

const security = [{ bearerAuth: [] }];

const TAGS: Record<FormCategory, string> = {
  democratic_appraisal: 'votes',
  democratic_evaluation: 'cadre-votes',
  democratic_recommendation: 'recommendation-votes',
};

/** Per-voter results and the voter delete, the same under /votes, /cadre-votes and /recommendation-votes. */
const voterRoutes: FastifyPluginAsyncZod<{ family: FormCategory }> = async (app, { family }) => {
  const tags = [TAGS[family]];
  const label = FORM_CATEGORY_LABELS[family];

  app.get(
    '/voter-results',
    {
      schema: {
        tags,
        security,
        summary: `${label}：按投票人汇总（每人一行：投票类型、时间、答卷数、对各测评对象的得分），分页`,
        querystring: voterResultsQuery,
        response: { 200: voterResultList, 400: errorResponse },
      },
    },
    async (request) => service.listVoterResults(app.db, family, request.query),
  );

  app.get(
    '/voter-results/count',
    {
      schema: {
        tags,
        security,
        summary: `${label}：投票人数`,
        querystring: voterFilterQuery,
        response: { 200: countResponse, 400: errorResponse },
      },
    },
    async (request) => service.countVoterResults(app.db, family, request.query),
  );

  app.delete(
    '/voter/:voter',
    {
      preHandler: app.requireAdvancedMode,
      schema: {
        tags,
        security,
        summary: `${label}：删除某投票人在某投票类型下的全部答卷（需高级模式并填写原因 reason，记入审计日志；投票结束后仅系统管理员可删除，结果中注明删除张数）`,
        params: voterParams,
        querystring: voterDeleteQuery,
        response: { 200: voterDeleteResult, 400: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) =>
      service.deleteVoter(
        app.db,
        family,
        request.params.voter,
        {
          companyId: request.query.company_id,
          voteTypeId: request.query.vote_type_id,
          roundId: request.query.round_id,
          reason: request.query.reason,
        },
        actorOf(request),
      ),
  );
};

export default voterRoutes;
