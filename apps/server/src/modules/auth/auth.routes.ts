import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUser,
  changePasswordBody,
  loginBody,
  registerBody,
  registerResponse,
  registrationStatus,
  tokenResponse,
  verifyAdvancedModeBody,
} from '@kaoping/contracts/auth';
import { errorResponse } from '@kaoping/contracts/common';
import { z } from 'zod';
import { fail } from '../../lib/errors';
import { limitAttempts } from './attempt-limit';
import * as service from './auth.service';
import { endSession } from './sessions';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Login is a multipart form (spec §6); fields arrive as plain values on the body.
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fields: 10, fieldSize: 1024, files: 0, fileSize: 1 },
  });

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: '管理员登录（multipart 表单）',
        consumes: ['multipart/form-data'],
        body: loginBody,
        response: { 200: tokenResponse, 401: errorResponse, 423: errorResponse, 429: errorResponse },
      },
      // Counted in the database, so every instance on one database shares the limit.
      preHandler: async (request) =>
        limitAttempts(
          app.db,
          `login|${request.ip}|${request.body.username.trim().toLowerCase()}`,
          app.config.LOGIN_RATE_LIMIT,
          'LOGIN_LIMITED',
        ),
    },
    async (request) =>
      service.login(app.db, app.issueToken, request.body.username, request.body.password, {
        keys: app.keys,
        otp: request.body.otp,
      }),
  );

  app.get(
    '/registration-status',
    { schema: { tags: ['auth'], summary: '注册是否开放', response: { 200: registrationStatus } } },
    async () => service.registrationStatus(app.db, app.config.REGISTRATION_CODE),
  );

  app.post(
    '/register',
    {
      schema: {
        tags: ['auth'],
        summary: '注册管理员：首个账号可直接注册，之后需要注册码；成功即登录（返回令牌）',
        body: registerBody,
        response: {
          201: registerResponse,
          403: errorResponse,
          409: errorResponse,
        },
      },
      config: {
        rateLimit: {
          max: app.config.REGISTER_RATE_LIMIT,
          timeWindow: '1 minute',
          errorResponseBuilder: () => fail('REGISTER_LIMITED'),
        },
      },
    },
    async (request, reply) => {
      const { user, claims } = await service.register(app.db, request.body, app.config.REGISTRATION_CODE);
      // Signed in at once: a new administrator does not type the same password again.
      const access_token = app.issueToken(claims);
      return reply.status(201).send({ ...user, access_token, token_type: 'bearer' as const });
    },
  );

  app.get(
    '/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: '当前管理员',
        security: [{ bearerAuth: [] }],
        response: { 200: adminUser },
      },
    },
    async (request) => service.currentAdmin(request.admin!, request.user, app.config.REQUIRE_2FA),
  );

  app.post(
    '/verify-advanced-mode',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: '验证管理员密码，进入高级模式（15 分钟）',
        security: [{ bearerAuth: [] }],
        body: verifyAdvancedModeBody,
        response: { 200: tokenResponse, 403: errorResponse, 423: errorResponse },
      },
      // Per account, however the Authorization header is spelt.
      preHandler: async (request) =>
        limitAttempts(app.db, `advanced|${request.admin!.id}`, 10, 'ADVANCED_LIMITED'),
    },
    async (request) =>
      service.enterAdvancedMode(
        app.db,
        app.issueToken,
        Number(request.user.sub),
        request.body.password,
        request.user.sid,
      ),
  );

  app.put(
    '/password',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: '修改本人密码：成功后旧令牌全部失效，返回新令牌',
        security: [{ bearerAuth: [] }],
        body: changePasswordBody,
        response: {
          200: tokenResponse,
          403: errorResponse,
          422: errorResponse,
          423: errorResponse,
          429: errorResponse,
        },
      },
      preHandler: async (request) => {
        await limitAttempts(app.db, `password|${request.admin!.id}`, 10, 'PASSWORD_LIMITED');
        // Outside the write's transaction, so a wrong password stays counted (auth.service.ts).
        await service.checkCurrentPassword(app.db, request.admin!.id, request.body.current_password);
      },
    },
    async (request) =>
      service.changeOwnPassword(app.db, app.issueToken, request.admin!.id, request.body, request.user.sid),
  );

  app.post(
    '/logout',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: '退出登录：结束本次会话（令牌随即失效）',
        security: [{ bearerAuth: [] }],
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await endSession(app.db, request.admin!.id, request.user.sid);
      return reply.status(204).send(null);
    },
  );
};

export default authRoutes;
