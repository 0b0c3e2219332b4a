import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, idSchema } from '@kaoping/contracts/common';
import {
  RECOMMENDATION_IMPORT_COLUMNS,
  recommendationPostCreateBody,
  type RecommendationPostCreateBody,
} from '@kaoping/contracts/recommendation';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  importRefused,
  importResult,
} from '@kaoping/contracts/roster-import';
import { z } from 'zod';
import { attachment } from '../../lib/attachment';
import { errorBody } from '../../lib/errors';
import { readSheetRows, templateXlsx } from '../../lib/xlsx-sheet';
import { getCompany } from '../companies/companies.service';
import { readFile } from '../shared/roster-import.routes';
import { createRecommendationPost } from './recommendation-posts.service';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const LABEL = '推荐职位';

const number = (cell: string | undefined) => {
  const t = (cell ?? '').trim();
  return t === '' ? undefined : /^\d{1,4}$/.test(t) ? Number(t) : NaN;
};

interface Group {
  row: number;
  body: Record<string, unknown>;
  candidates: Record<string, string>[];
}

/**
 * The file's rows as posts: consecutive rows with one 推荐职位 are its candidates, its numbers read from
 * its first row; each post is then checked by the create body's own schema (its messages, by the row).
 */
function postsOf(rows: { row: number; cells: string[] }[], companyId: number) {
  const groups: Group[] = [];
  const errors: { row: number; reason: string }[] = [];
  for (const { row, cells } of rows) {
    const [post, seats, max, slots, name, position, birth, note] = cells.map((c) => (c ?? '').trim());
    if (!post) {
      errors.push({ row, reason: '推荐职位不能为空' });
      continue;
    }
    let group = groups.at(-1);
    if (!group || group.body.name !== post) {
      const numbers = { seats: number(seats), max_choices: number(max), write_in_slots: number(slots) ?? 0 };
      if (Object.values(numbers).some((n) => Number.isNaN(n))) {
        errors.push({ row, reason: '职数、最多推荐人数、另提名栏数必须是整数' });
        continue;
      }
      group = { row, body: { company_id: companyId, name: post, ...numbers }, candidates: [] };
      groups.push(group);
    }
    if (name) group.candidates.push({ name, current_position: position!, birth_date: birth!, note: note! });
  }
  const bodies: RecommendationPostCreateBody[] = [];
  for (const g of groups) {
    const parsed = recommendationPostCreateBody.safeParse({ ...g.body, candidates: g.candidates });
    if (parsed.success) bodies.push(parsed.data);
    else errors.push({ row: g.row, reason: `“${String(g.body.name)}”：${parsed.error.issues[0]!.message}` });
  }
  return { bodies, errors: errors.sort((a, b) => a.row - b.row) };
}

/**
 * /recommendation-posts/import-template.xlsx and /recommendation-posts/import: posts and their candidates
 * from Excel, like the rosters' import (checked by content, every row before anything is written, a file
 * with any bad row adds nothing: 422 listing each row).
 */
const recommendationImportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });
  const tags = ['recommendation-posts'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/import-template.xlsx',
    {
      schema: {
        tags,
        security,
        summary: '下载推荐职位导入模板（xlsx）',
        produces: [XLSX_TYPE],
        response: { 200: z.any().describe('xlsx 文件') },
      },
    },
    async (_request, reply) =>
      reply
        .type(XLSX_TYPE)
        .header('content-disposition', attachment(`${LABEL}导入模板.xlsx`))
        .send(
          await templateXlsx(LABEL, RECOMMENDATION_IMPORT_COLUMNS, [
            ['副总经理', '1', '1', '1', '张伟', '总经理助理', '1980.05', ''],
            ['副总经理', '', '', '', '李娜', '财务部部长', '1982.11', ''],
          ]),
        ),
  );

  app.post(
    '/import',
    {
      schema: {
        tags,
        security,
        summary: `从 Excel 导入推荐职位和参考人选（multipart 字段 file；一行一名参考人选，同一职位的行相邻；仅 .xlsx，≤ 5 MB，≤ ${IMPORT_MAX_ROWS} 行；有错误则全部不导入）`,
        consumes: ['multipart/form-data'],
        querystring: z.object({ company_id: idSchema }),
        response: {
          201: importResult,
          404: errorResponse,
          409: errorResponse,
          413: errorResponse,
          415: errorResponse,
          422: importRefused.or(errorResponse),
        },
      },
    },
    async (request, reply) => {
      const companyId = request.query.company_id;
      await getCompany(app.db, companyId);
      const rows = await readSheetRows(
        await readFile(request),
        RECOMMENDATION_IMPORT_COLUMNS,
        IMPORT_MAX_ROWS,
      );
      const { bodies, errors } = postsOf(rows, companyId);
      if (errors.length) {
        return reply
          .status(422)
          .send({ ...errorBody('IMPORT_ROWS_INVALID', { count: errors.length }), errors });
      }
      for (const body of bodies) await createRecommendationPost(app.db, body);
      request.audit.summary = `导入推荐职位 ${bodies.length} 个`;
      return reply.status(201).send({ created: bodies.length });
    },
  );
};

export default recommendationImportRoutes;
