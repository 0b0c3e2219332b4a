import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countResponse, errorResponse, idParams } from '@kaoping/contracts/common';
import {
  cadreVoteDetail,
  cadreVoteFilterQuery,
  cadreVoteListQuery,
  cadreVoteRecordList,
  cadreVoterBallots,
  voterBallotsQuery,
  voterParams,
} from '@kaoping/contracts/results';
import * as service from './cadre-votes.service';
import voterRoutes from './voter-routes';

const tags = ['cadre-votes'];
const security = [{ bearerAuth: [] }];

/** Democratic evaluation ballots (民主评议: cadre and newly promoted polls): records and per-voter results. */
const cadreVotesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: '民主评议投票记录（按单位、投票类型、问卷、投票人、时间筛选；按时间排序；分页）',
        querystring: cadreVoteListQuery,
        response: { 200: cadreVoteRecordList, 400: errorResponse },
      },
    },
    async (request) => service.listCadreVotes(app.db, request.query),
  );

  app.get(
    '/count',
    {
      schema: {
        tags,
        security,
        summary: '民主评议投票记录数（筛选同列表）',
        querystring: cadreVoteFilterQuery,
        response: { 200: countResponse, 400: errorResponse },
      },
    },
    async (request) => service.countCadreVotes(app.db, request.query),
  );

  await app.register(voterRoutes, { family: 'democratic_evaluation' });

  app.get(
    '/by-voter/:voter',
    {
      schema: {
        tags,
        security,
        summary: '某投票人的全部民主评议答卷（附问卷与评议对象，供只读展示）',
        params: voterParams,
        querystring: voterBallotsQuery,
        response: { 200: cadreVoterBallots, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) =>
      service.cadreVotesByVoter(app.db, request.params.voter, {
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
        summary: '一份民主评议答卷（附问卷与评议对象，供只读展示）',
        params: idParams,
        response: { 200: cadreVoteDetail, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => service.getCadreVote(app.db, request.params.id),
  );
};

export default cadreVotesRoutes;
