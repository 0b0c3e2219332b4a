import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, idSchema } from '@kaoping/contracts/common';
import {
  IMPORT_FILE_FIELD,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  importRefused,
  importResult,
} from '@kaoping/contracts/roster-import';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { attachment } from '../../lib/attachment';
import { AppError, errorBody, fail } from '../../lib/errors';
import { readSheetRows, templateXlsx } from '../../lib/xlsx-sheet';
import { getCompany } from '../companies/companies.service';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type SheetRow = { row: number; cells: string[] };
type RowError = { row: number; reason: string };

/** One roster's Excel import: its template and how a row becomes a new row of its table. */
export interface RosterImport<B> {
  tag: string;
  label: string;
  columns: readonly string[];
  examples: string[][];
  /** The route's OpenAPI summary when it needs more than the default's words. */
  summary?: string;
  /** What the audit summary counts (条 unless told). */
  unit?: string;
  /** One row's create body, or the reason it is refused (Chinese). */
  parse?(cells: string[], companyId: number): { body: B } | { reason: string };
  /** Or the whole file at once, when several rows make one body: the bodies and each bad row's reason. */
  parseRows?(rows: SheetRow[], companyId: number): { bodies: B[]; errors: RowError[] };
  /** Rows refused by what is stored already (e.g. a name taken), checked once the file itself is clean. */
  conflicts?(db: Db, bodies: B[], companyId: number): Promise<RowError[]>;
  /** Adds one row (the owner's create); every row of a file is added in one transaction. */
  create(db: Db, body: B): Promise<unknown>;
}

export async function readFile(request: FastifyRequest) {
  if (!request.isMultipart()) {
    throw fail('UPLOAD_NOT_MULTIPART');
  }
  try {
    const part = await request.file();
    if (!part || part.fieldname !== IMPORT_FILE_FIELD) throw fail('IMPORT_FILE_MISSING');
    return await part.toBuffer();
  } catch (err) {
    if (err instanceof AppError) throw err;
    const e = err as { code?: string; statusCode?: number };
    if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw fail('FILE_TOO_LARGE', { mb: 5 });
    if (e.statusCode && e.statusCode < 500) throw err;
    throw fail('IMPORT_UPLOAD_MALFORMED');
  }
}

/** Each row by `parse`, or the file by `parseRows`. */
function bodiesOf<B>(spec: RosterImport<B>, rows: SheetRow[], companyId: number) {
  if (spec.parseRows) return spec.parseRows(rows, companyId);
  const bodies: B[] = [];
  const errors: RowError[] = [];
  for (const r of rows) {
    const parsed = spec.parse!(r.cells, companyId);
    if ('reason' in parsed) errors.push({ row: r.row, reason: parsed.reason });
    else bodies.push(parsed.body);
  }
  return { bodies, errors };
}

/**
 * GET /import-template.xlsx and POST /import?company_id= for one roster: the file is checked by content,
 * every row is checked before anything is written, and a file with any bad row adds nothing (422 listing
 * each row and reason).
 */
export function rosterImportRoutes<B>(spec: RosterImport<B>): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, {
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
    });
    const tags = [spec.tag];
    const security = [{ bearerAuth: [] }];

    app.get(
      '/import-template.xlsx',
      {
        schema: {
          tags,
          security,
          summary: `下载${spec.label}导入模板（xlsx）`,
          produces: [XLSX_TYPE],
          response: { 200: z.any().describe('xlsx 文件') },
        },
      },
      async (_request, reply) =>
        reply
          .type(XLSX_TYPE)
          .header('content-disposition', attachment(`${spec.label}导入模板.xlsx`))
          .send(await templateXlsx(spec.label, spec.columns, spec.examples)),
    );

    app.post(
      '/import',
      {
        schema: {
          tags,
          security,
          summary:
            spec.summary ??
            `从 Excel 导入${spec.label}（multipart 字段 file；仅 .xlsx，≤ 5 MB，≤ ${IMPORT_MAX_ROWS} 行；有错误则全部不导入）`,
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
        const rows = await readSheetRows(await readFile(request), spec.columns, IMPORT_MAX_ROWS);
        const { bodies, errors } = bodiesOf(spec, rows, companyId);
        if (!errors.length && spec.conflicts)
          errors.push(...(await spec.conflicts(app.db, bodies, companyId)));
        if (errors.length) {
          return reply
            .status(422)
            .send({ ...errorBody('IMPORT_ROWS_INVALID', { count: errors.length }), errors });
        }
        const created = await app.db.transaction(async (tx) => {
          for (const body of bodies) await spec.create(tx, body);
          return bodies.length;
        });
        request.audit.summary = `导入${spec.label} ${created} ${spec.unit ?? '条'}`;
        return reply.status(201).send({ created });
      },
    );
  };
}
