import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyIdParams, errorResponse } from '@kaoping/contracts/common';
import {
  meetingBoard,
  meetingShare,
  meetingShareState,
  meetingSummaryBody,
  meetingSummaryState,
} from '@kaoping/contracts/meeting';
import { actorOf } from '../../lib/actor';
import {
  createShare,
  meetingBoard as boardOf,
  readShare,
  revokeShare,
  setMeetingSummary,
} from './meeting.service';

const tags = ['meeting'];
const security = [{ bearerAuth: [] }];

/** /admin/meeting/{companyId}: the meeting screen's board, and its share link for a projector. */
const meetingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:companyId',
    {
      schema: {
        tags,
        security,
        summary:
          '会场大屏：各投票类型的投票方式、已投票人数与计票阶段（默认只含人数；汇总须完成计票并确认后才显示）',
        params: companyIdParams,
        response: { 200: meetingBoard, 404: errorResponse },
      },
    },
    async (request) => boardOf(app.db, request.params.companyId, app.config.PUBLIC_URL),
  );

  app.get(
    '/:companyId/share',
    {
      schema: {
        tags,
        security,
        summary: '会场大屏的分享链接（未创建时为 null）',
        params: companyIdParams,
        response: { 200: meetingShareState, 404: errorResponse },
      },
    },
    async (request) => readShare(app.db, request.params.companyId, app.config.PUBLIC_URL),
  );

  app.post(
    '/:companyId/share',
    {
      schema: {
        tags,
        security,
        summary: '创建会场大屏的分享链接（原链接随即失效）',
        params: companyIdParams,
        response: { 201: meetingShare, 404: errorResponse },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createShare(app.db, request.params.companyId, app.config.PUBLIC_URL, actorOf(request))),
  );

  app.delete(
    '/:companyId/share',
    {
      schema: {
        tags,
        security,
        summary: '撤销会场大屏的分享链接',
        params: companyIdParams,
        response: { 204: z.null(), 404: errorResponse },
      },
    },
    async (request, reply) => {
      await revokeShare(app.db, request.params.companyId, actorOf(request));
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/:companyId/summary',
    {
      schema: {
        tags,
        security,
        summary:
          '在大屏显示汇总（须 confirm: true 确认向全场展示干部的得分、排名和预警，且所涉投票类型全部完成计票；可随时关闭；记入审计日志）',
        params: companyIdParams,
        body: meetingSummaryBody,
        response: { 200: meetingSummaryState, 404: errorResponse, 409: errorResponse, 422: errorResponse },
      },
    },
    async (request) =>
      setMeetingSummary(app.db, request.params.companyId, request.body.show, actorOf(request)),
  );
};

export default meetingRoutes;
