import type { ErrorCode, ErrorParams } from '@kaoping/contracts/errors';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, errorBody, errorStatus, isDiskFull } from '../lib/errors';

/** Seconds a client waits before sending again after a full disk (an administrator has to free space). */
export const STORAGE_RETRY_SECONDS = 30;

const LOCATION: Record<string, string> = {
  body: '请求体',
  querystring: '查询参数',
  params: '路径参数',
  headers: '请求头',
};

function describeIssue(issue: { instancePath?: string; message?: string }, context?: string): string {
  const field = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const where = field || LOCATION[context ?? ''] || '请求';
  return `${where}：${issue.message ?? '无效'}`;
}

const send = (reply: FastifyReply, code: ErrorCode, params?: ErrorParams) =>
  reply.status(errorStatus(code)).send(errorBody(code, params));

/**
 * One handler for every error: AppError and validation become 4xx with `{ detail, code }` (the contracts'
 * table); 5xx text never leaks.
 */
export default fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({ detail: err.detail, code: err.code });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.slice(0, 3).map((i) => describeIssue(i, err.validationContext));
      return send(reply, err.validationContext === 'body' ? 'INVALID_BODY' : 'INVALID_PARAMS', {
        issues: issues.join('；'),
      });
    }
    if (isMalformedMultipart(err, request.headers['content-type'])) return send(reply, 'MULTIPART_MALFORMED');
    const status = err.statusCode ?? 500;
    if (status < 500) return send(reply, clientErrorCode(err, status), { issues: err.message });
    if (isDiskFull(err)) {
      // The request's writes were one transaction: nothing of it stayed. The voter page keeps the
      // ballot and sends it again after Retry-After.
      request.log.error({ err }, '磁盘空间不足');
      return reply
        .status(errorStatus('STORAGE_FULL'))
        .header('Retry-After', String(STORAGE_RETRY_SECONDS))
        .send(errorBody('STORAGE_FULL'));
    }
    request.log.error({ err }, 'unhandled error');
    return send(reply, 'INTERNAL');
  });
});

/**
 * The multipart parser (busboy) throws plain errors, with no status, for a form without a boundary or cut
 * short; they are the client's fault, not the server's.
 */
function isMalformedMultipart(err: { statusCode?: number; message?: string }, contentType?: string) {
  return (
    err.statusCode === undefined &&
    /^multipart\//i.test(contentType ?? '') &&
    /boundary|multipart data|malformed part/i.test(err.message ?? '')
  );
}

function clientErrorCode(err: FastifyError, status: number): ErrorCode {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'INVALID_JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
      return 'PAYLOAD_TOO_LARGE';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return 'UNSUPPORTED_MEDIA';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'INVALID_LENGTH';
    case 'FST_ERR_VALIDATION':
      return status === 422 ? 'INVALID_BODY' : 'INVALID_PARAMS';
  }
  if (status === 401) return 'SESSION_EXPIRED';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA';
  if (status === 429) return 'RATE_LIMITED';
  return 'BAD_REQUEST';
}
