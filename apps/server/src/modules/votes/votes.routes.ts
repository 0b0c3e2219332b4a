import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countResponse, errorResponse, idParams } from '@kaoping/contracts/common';
import {
  turnout,
  turnoutQuery,
  voteDetail,
  voteFilterQuery,
  voteListQuery,
  voteRecordList,
  voterBallots,
  voterBallotsQuery,
  voterParams,
} from '@kaoping/contracts/results';
import { getTurnout } from '../results/turnout.service';
import voterRoutes from './voter-routes';
import * as service from './votes.service';

const tags = ['votes'];
const security = [{ bearerAuth: [] }];

/** Democratic appraisal ballots (民主测评): records, per-voter results, turnout. */
const votesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: '民主测评投票记录（按单位、投票类型、测评对象、投票人、时间筛选；按时间或得分排序；分页）',
        querystring: voteListQuery,
        response: { 200: voteRecordList, 400: errorResponse },
      },
    },
    async (request) => service.listVotes(app.db, request.query),
  );

  app.get(
    '/count',
    {
      schema: {
        tags,
        security,
        summary: '民主测评投票记录数（筛选同列表）',
        querystring: voteFilterQuery,
        response: { 200: countResponse, 400: errorResponse },
      },
    },
    async (request) => service.countVotes(app.db, request.query),
  );

  app.get(
    '/turnout',
    {
      schema: {
        tags,
        security,
        summary: '实时参与情况：各投票类型已收答卷人数与应到人数',
        querystring: turnoutQuery,
        response: { 200: turnout, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => getTurnout(app.db, request.query.company_id, request.query.form_category),
  );

  await app.register(voterRoutes, { family: 'democratic_appraisal' });

  app.get(
    '/by-voter/:voter',
    {
      schema: {
        tags,
        security,
        summary: '某投票人的全部民主测评答卷（附问卷，供只读展示）',
        params: voterParams,
        querystring: voterBallotsQuery,
        response: { 200: voterBallots, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) =>
      service.votesByVoter(app.db, request.params.voter, {
        companyId: request.query.company_id,
        voteTypeId: request.query.vote_type_id,
      }),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: '一份民主测评答卷（附问卷，供只读展示）',
        params: idParams,
        response: { 200: voteDetail, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => service.getVote(app.db, request.params.id),
  );
};

export default votesRoutes;
