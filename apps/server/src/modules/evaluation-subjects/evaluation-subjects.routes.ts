import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyIdParams, errorResponse, idParams } from '@kaoping/contracts/common';
import {
  evaluationSubject,
  evaluationSubjectCreateBody,
  evaluationSubjectList,
  evaluationSubjectReorderBody,
  evaluationSubjectUpdateBody,
} from '@kaoping/contracts/evaluation-subject';
import { companyScopeQuery } from '@kaoping/contracts/vote-type';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { elevatedUntil } from '../auth/auth-token';
import * as service from './evaluation-subjects.service';

const tags = ['evaluation-subjects'];
const security = [{ bearerAuth: [] }];

const evaluationSubjectsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: '新建评议对象（未给排序时排在最后）',
        body: evaluationSubjectCreateBody,
        response: { 201: evaluationSubject, 404: errorResponse, 422: errorResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createEvaluationSubject(app.db, request.body)),
  );

  app.get(
    '/company/:companyId',
    {
      schema: {
        tags,
        security,
        summary: '单位的评议对象（含停用的，按排序）',
        params: companyIdParams,
        response: { 200: evaluationSubjectList, 404: errorResponse },
      },
    },
    async (request) => service.listEvaluationSubjects(app.db, request.params.companyId),
  );

  app.put(
    '/reorder',
    {
      schema: {
        tags,
        security,
        summary: '批量排序（同一事务，全部成功或全部不变）',
        body: evaluationSubjectReorderBody,
        response: { 200: evaluationSubjectList, 404: errorResponse, 422: errorResponse },
      },
    },
    async (request) => service.reorderEvaluationSubjects(app.db, request.body),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: '修改评议对象（任意字段、启用状态、排序）',
        params: idParams,
        body: evaluationSubjectUpdateBody,
        response: { 200: evaluationSubject, 404: errorResponse, 422: errorResponse },
      },
    },
    async (request) => service.updateEvaluationSubject(app.db, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: '删除评议对象（已有投票时需高级模式）',
        params: idParams,
        querystring: companyScopeQuery,
        response: { 204: z.null(), 403: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      await service.deleteEvaluationSubject(app.db, request.params.id, {
        companyId: request.query.company_id,
        actor: actorOf(request),
        elevated: elevatedUntil(request.user) !== null,
      });
      return reply.status(204).send(null);
    },
  );
};

export default evaluationSubjectsRoutes;
