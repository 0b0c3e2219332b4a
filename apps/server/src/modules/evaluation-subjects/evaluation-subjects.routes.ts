import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyIdParams, errorResponse } from '@kaoping/contracts/common';
import {
  evaluationSubject,
  evaluationSubjectCreateBody,
  evaluationSubjectList,
  evaluationSubjectUpdateBody,
} from '@kaoping/contracts/evaluation-subject';
import { rosterWriteRoutes } from '../shared/roster.routes';
import * as service from './evaluation-subjects.service';

const evaluationSubjectsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/company/:companyId',
    {
      schema: {
        tags: ['evaluation-subjects'],
        security: [{ bearerAuth: [] }],
        summary: '单位的评议对象（含停用的，按排序）',
        params: companyIdParams,
        response: { 200: evaluationSubjectList, 404: errorResponse },
      },
    },
    async (request) => service.listEvaluationSubjects(app.db, request.params.companyId),
  );

  rosterWriteRoutes(app, {
    tag: 'evaluation-subjects',
    schemas: {
      row: evaluationSubject,
      list: evaluationSubjectList,
      create: evaluationSubjectCreateBody,
      update: evaluationSubjectUpdateBody,
    },
    summaries: {
      create: '新建评议对象（未给排序时排在最后）',
      update: '修改评议对象（任意字段、启用状态、排序）',
      delete: '删除评议对象（已有投票时需高级模式）',
    },
    create: service.createEvaluationSubject,
    update: service.updateEvaluationSubject,
    reorder: service.reorderEvaluationSubjects,
    remove: service.deleteEvaluationSubject,
  });
};

export default evaluationSubjectsRoutes;
