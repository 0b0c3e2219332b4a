import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, idParams } from '@kaoping/contracts/common';
import {
  totpDisableBody,
  totpEnableBody,
  totpEnableResponse,
  totpSetupResponse,
} from '@kaoping/contracts/totp';
import { z } from 'zod';
import { limitAttempts } from './attempt-limit';
import * as service from './totp.service';

const security = [{ bearerAuth: [] }];
const errors = { 403: errorResponse, 409: errorResponse, 422: errorResponse, 429: errorResponse };

/**
 * One's own second factor under /admin/auth/totp (any signed-in account, see access/route-access.ts):
 * setup, enable with a code, disable with a code. Codes are limited per account, whatever the token.
 */
export const totpRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['auth'];
  const limitCodes = async (request: { admin: { id: number } | null }) =>
    limitAttempts(app.db, `totp|${request.admin!.id}`, 10, 'TOTP_LIMITED');

  app.post(
    '/setup',
    {
      schema: {
        tags,
        security,
        summary: '生成双因素密钥（待验证）：返回密钥与 otpauth 地址（显示为二维码）',
        response: { 200: totpSetupResponse, ...errors },
      },
    },
    async (request) => service.setUp(app.db, app.keys, request.admin!.id, request.audit),
  );

  app.post(
    '/enable',
    {
      schema: {
        tags,
        security,
        summary: '输入验证器上的 6 位验证码，启用双因素认证；返回 10 个一次性恢复码（只显示这一次）',
        body: totpEnableBody,
        response: { 200: totpEnableResponse, ...errors },
      },
      preHandler: limitCodes,
    },
    async (request) => service.enable(app.db, app.keys, request.admin!.id, request.body.code, request.audit),
  );

  app.post(
    '/disable',
    {
      schema: {
        tags,
        security,
        summary: '停用本人的双因素认证（需当前动态验证码或恢复码）',
        body: totpDisableBody,
        response: { 204: z.null(), ...errors },
      },
      preHandler: limitCodes,
    },
    async (request, reply) => {
      await service.disable(
        app.db,
        app.keys,
        request.admin!.id,
        request.body.code,
        app.config.REQUIRE_2FA,
        request.audit,
      );
      return reply.status(204).send(null);
    },
  );
};

/** A system admin resets another account's second factor, under /admin/users (audited). */
export const totpAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:id/totp/reset',
    {
      schema: {
        tags: ['accounts'],
        security,
        summary: '重置账号的双因素认证（手机丢失时）；该账号下次只用密码登录',
        params: idParams,
        response: { 204: z.null(), 404: errorResponse, ...errors },
      },
    },
    async (request, reply) => {
      await service.resetByAdmin(app.db, request.admin!.id, request.params.id, request.audit);
      return reply.status(204).send(null);
    },
  );
};
