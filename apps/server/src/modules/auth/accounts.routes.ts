import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  account,
  accountCreateBody,
  accountList,
  accountUpdateBody,
  resetPasswordBody,
} from '@kaoping/contracts/accounts';
import { errorResponse, idParams } from '@kaoping/contracts/common';
import { z } from 'zod';
import * as service from './accounts.service';

const tags = ['accounts'];
const security = [{ bearerAuth: [] }];
const errors = { 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse };

/** The accounts screen's API under /admin/users (system admins only, see access/route-access.ts). */
const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { schema: { tags, security, summary: '账号列表', response: { 200: accountList } } },
    async () => service.listAccounts(app.db),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: '新建账号（角色与单位；首次登录须修改密码）',
        body: accountCreateBody,
        response: { 201: account, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createAccount(app.db, request.body, request.audit)),
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: '修改账号的角色、单位，停用或启用（停用后其令牌立即失效）',
        params: idParams,
        body: accountUpdateBody,
        response: { 200: account, ...errors },
      },
    },
    async (request) =>
      service.updateAccount(app.db, request.admin!.id, request.params.id, request.body, request.audit),
  );

  app.post(
    '/:id/reset-password',
    {
      schema: {
        tags,
        security,
        summary: '重置密码（旧令牌失效，下次登录须修改密码）',
        params: idParams,
        body: resetPasswordBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.resetPassword(app.db, request.params.id, request.body.password, request.audit);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/:id/unlock',
    {
      schema: {
        tags,
        security,
        summary: '解除账号锁定（密码连续错误 5 次后的登录、高级模式验证、修改密码锁定）',
        params: idParams,
        response: { 200: account, ...errors },
      },
    },
    async (request) => service.unlockAccount(app.db, request.params.id, request.audit),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: '删除账号',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteAccount(app.db, request.admin!.id, request.params.id, request.audit);
      return reply.status(204).send(null);
    },
  );
};

export default accountsRoutes;
