import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUser,
  loginBody,
  registerBody,
  registeredUser,
  registrationStatus,
  tokenResponse,
  verifyAdvancedModeBody,
} from '@kaoping/contracts/auth';
import { errorResponse } from '@kaoping/contracts/common';
import { AppError } from '../../lib/errors';
import * as service from './auth.service';

const tooMany = (detail: string) => () => new AppError('RATE_LIMITED', detail);

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
        response: { 200: tokenResponse, 401: errorResponse, 429: errorResponse },
      },
      config: {
        rateLimit: {
          max: app.config.LOGIN_RATE_LIMIT,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (req) =>
            `login|${req.ip}|${String((req.body as { username?: unknown })?.username ?? '')}`,
          errorResponseBuilder: tooMany('登录尝试过于频繁，请 1 分钟后再试'),
        },
      },
    },
    async (request) => service.login(app.db, app.issueToken, request.body.username, request.body.password),
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
        summary: '注册管理员：首个账号可直接注册，之后需要注册码',
        body: registerBody,
        response: {
          201: registeredUser,
          403: errorResponse,
          409: errorResponse,
        },
      },
      config: {
        rateLimit: {
          max: app.config.REGISTER_RATE_LIMIT,
          timeWindow: '1 minute',
          errorResponseBuilder: tooMany('注册过于频繁，请稍后再试'),
        },
      },
    },
    async (request, reply) => {
      const user = await service.register(app.db, request.body, app.config.REGISTRATION_CODE);
      return reply.status(201).send(user);
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
    async (request) => service.currentAdmin(app.db, request.user),
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
        response: { 200: tokenResponse, 403: errorResponse },
      },
      config: {
        rateLimit: {
          max: 10,
          timeWindow: '1 minute',
          keyGenerator: (req) => `advanced|${req.ip}|${req.headers.authorization ?? ''}`,
          errorResponseBuilder: tooMany('验证过于频繁，请 1 分钟后再试'),
        },
      },
    },
    async (request) =>
      service.enterAdvancedMode(app.db, app.issueToken, Number(request.user.sub), request.body.password),
  );
};

export default authRoutes;
