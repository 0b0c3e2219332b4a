import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyIdParams, errorResponse, idParams } from '@kaoping/contracts/common';
import {
  companyPollKindParams,
  publicCadrePoll,
  publicCompanyPolls,
  publicPoll,
  publicPollStats,
  publicPollSummaryList,
  publicSubject,
  publicTarget,
  targetsQuery,
  voterQuery,
} from '@kaoping/contracts/public-vote';
import { z } from 'zod';
import * as polls from './public-polls.service';
import { getPublicPollStats, listPublicPolls } from './public-stats.service';

const tags = ['public'];
const notFoundOr400 = { 400: errorResponse, 404: errorResponse };

// The router matches static segments before parameters, so /votes, /vote-type, /company, /cadre-poll
// and /evaluation-subjects are never taken for /:id, and /company/{id}/targets never for /{type}.
const publicReadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/company/:companyId',
    {
      schema: {
        tags,
        summary: '单位的民主测评问卷（领导班子、个人），可带 voter_identifier 查询是否已投票',
        params: companyIdParams,
        querystring: voterQuery,
        response: { 200: publicCompanyPolls, ...notFoundOr400 },
      },
    },
    async (request) =>
      polls.getCompanyPolls(app.db, request.params.companyId, request.query.voter_identifier),
  );

  app.get(
    '/cadre-poll/:companyId',
    {
      schema: {
        tags,
        summary: '单位的选人用人工作问卷，可带 voter_identifier 查询是否已投票',
        params: companyIdParams,
        querystring: voterQuery,
        response: { 200: publicCadrePoll, ...notFoundOr400 },
      },
    },
    async (request) => polls.getCadrePoll(app.db, request.params.companyId, request.query.voter_identifier),
  );

  app.get(
    '/company/:companyId/targets',
    {
      schema: {
        tags,
        summary: '单位已启用的测评对象（按排序）；仅在该单位有进行中或试投票的民主测评时可读，否则 404',
        params: companyIdParams,
        querystring: targetsQuery,
        response: { 200: z.array(publicTarget), ...notFoundOr400 },
      },
    },
    async (request) => polls.listCompanyTargets(app.db, request.params.companyId, request.query.target_type),
  );

  app.get(
    '/company/:companyId/:type',
    {
      schema: {
        tags,
        summary: '单位某类问卷（company、person、cadre、newly_promoted）',
        params: companyPollKindParams,
        response: { 200: publicPoll, ...notFoundOr400 },
      },
    },
    async (request) => polls.getCompanyPollOfKind(app.db, request.params.companyId, request.params.type),
  );

  app.get(
    '/evaluation-subjects/:companyId',
    {
      schema: {
        tags,
        summary: '单位已启用的评议对象（按排序）；仅在该单位有进行中或试投票的民主评议时可读，否则 404',
        params: companyIdParams,
        response: { 200: z.array(publicSubject), ...notFoundOr400 },
      },
    },
    async (request) => polls.listCompanySubjects(app.db, request.params.companyId),
  );

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: '结果已公开的问卷列表（默认为空）',
        response: { 200: publicPollSummaryList },
      },
    },
    async () => listPublicPolls(app.db),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: '问卷（投票端所需字段）',
        params: idParams,
        response: { 200: publicPoll, ...notFoundOr400 },
      },
    },
    async (request) => polls.getPublicPoll(app.db, request.params.id),
  );

  app.get(
    '/:id/stats',
    {
      schema: {
        tags,
        summary: '问卷的汇总结果：仅限管理员已公开结果、且投票已结束的投票类型，不足 5 份选票的不公开',
        params: idParams,
        response: { 200: publicPollStats, 400: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => getPublicPollStats(app.db, request.params.id),
  );
};

export default publicReadRoutes;
