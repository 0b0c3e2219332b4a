import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, idParams } from '@kaoping/contracts/common';
import {
  company,
  companyCreateBody,
  companyList,
  companyListQuery,
  companyUpdateBody,
} from '@kaoping/contracts/company';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { visibleUnits } from '../auth/roles';
import * as service from './companies.service';

const tags = ['companies'];
const security = [{ bearerAuth: [] }];

const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: '单位列表（按名称筛选、分页）',
        querystring: companyListQuery,
        response: { 200: companyList },
      },
    },
    async (request) => service.listCompanies(app.db, request.query, visibleUnits(request.admin!)),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: '新建单位',
        body: companyCreateBody,
        response: { 201: company, 409: errorResponse, 422: errorResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createCompany(app.db, request.body.name)),
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: '重命名单位',
        params: idParams,
        body: companyUpdateBody,
        response: { 200: company, 404: errorResponse, 409: errorResponse, 422: errorResponse },
      },
    },
    async (request) => service.renameCompany(app.db, request.params.id, request.body.name),
  );

  app.delete(
    '/:id',
    {
      preHandler: app.requireAdvancedMode,
      schema: {
        tags,
        security,
        summary: '删除单位及其全部数据（需高级模式）',
        params: idParams,
        response: { 204: z.null(), 403: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      await service.deleteCompany(app.db, request.params.id, actorOf(request));
      return reply.status(204).send(null);
    },
  );
};

export default companiesRoutes;
