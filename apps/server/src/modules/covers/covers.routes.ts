import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countResponse, errorResponse, idParams } from '@kaoping/contracts/common';
import {
  COVER_MAX_BYTES,
  cover,
  coverApplyAllQuery,
  coverOrNull,
  coverParams,
  coverUploadQuery,
} from '@kaoping/contracts/cover';
import { companyScopeQuery } from '@kaoping/contracts/vote-type';
import { z } from 'zod';
import { sendCoverFile } from './cover-file';
import { readCoverUpload } from './covers.upload';
import * as service from './covers.service';

const tags = ['covers'];
const security = [{ bearerAuth: [] }];
const uploadResponses = {
  201: cover,
  400: errorResponse,
  404: errorResponse,
  413: errorResponse,
  415: errorResponse,
  422: errorResponse,
};

const coversRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only this plugin takes files; the limits make an 11 MB upload stop at 10 MB with a 413.
  await app.register(multipart, {
    limits: { fileSize: COVER_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 11 },
  });

  for (const [path, kind, label] of [
    ['/', 'front', '封面'],
    ['/back-cover', 'back', '封底'],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          tags,
          security,
          summary: `上传${label}（multipart 字段 file；PNG/JPEG/WebP/PDF，≤ 10 MB；再次上传即替换；图片另存为投票端用的 WebP，含脚本的 PDF 拒绝）`,
          consumes: ['multipart/form-data'],
          querystring: coverUploadQuery,
          response: uploadResponses,
        },
      },
      async (request, reply) => {
        const { company_id, vote_type_id } = request.query;
        const saved = await service.uploadCover(
          app.db,
          { companyId: company_id, voteTypeId: vote_type_id, kind },
          () => readCoverUpload(request),
        );
        return reply.status(201).send(saved);
      },
    );

    const at = path === '/' ? '' : path;
    app.get(
      `${at}/:companyId/:voteTypeId`,
      {
        schema: {
          tags,
          security,
          summary: `${label}信息（未上传时为 null）`,
          params: coverParams,
          response: { 200: coverOrNull, 404: errorResponse },
        },
      },
      async (request) => service.getCover(app.db, request.params.companyId, request.params.voteTypeId, kind),
    );
  }

  app.post(
    '/apply-to-all',
    {
      schema: {
        tags,
        security,
        summary: '把该投票类型的封面或封底应用到本单位其余全部投票类型（替换它们原有的），一次完成',
        querystring: coverApplyAllQuery,
        response: { 200: countResponse, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const { company_id, vote_type_id, kind } = request.query;
      return service.applyCoverToAll(app.db, company_id, vote_type_id, kind);
    },
  );

  app.get(
    '/:id/file',
    {
      // Images and PDFs are compressed already.
      compress: false,
      // A PDF cover opens by itself in a browser tab: it is a document.
      config: { documentHeaders: true },
      schema: {
        tags,
        security,
        summary: '封面或封底文件内容（带 ETag，可 304）',
        params: idParams,
        response: { 200: z.any().describe('文件内容'), 304: z.null(), 404: errorResponse },
      },
    },
    async (request, reply) => {
      return sendCoverFile(request, reply, await service.openCoverFileById(app.db, request.params.id));
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: '按 ID 删除封面或封底',
        params: idParams,
        querystring: companyScopeQuery,
        response: { 204: z.null(), 404: errorResponse },
      },
    },
    async (request, reply) => {
      await service.deleteCoverById(app.db, request.params.id, request.query.company_id);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/back-cover/:companyId/:voteTypeId',
    {
      schema: {
        tags,
        security,
        summary: '删除封底',
        params: coverParams,
        response: { 204: z.null(), 404: errorResponse },
      },
    },
    async (request, reply) => {
      await service.deleteCover(app.db, request.params.companyId, request.params.voteTypeId, 'back');
      return reply.status(204).send(null);
    },
  );
};

export default coversRoutes;
