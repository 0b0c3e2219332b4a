import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';

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

/** One handler for every error: AppError and validation become 4xx with a Chinese detail; 5xx text never leaks. */
export default fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({ detail: err.detail });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.slice(0, 3).map((i) => describeIssue(i, err.validationContext));
      const status = err.validationContext === 'body' ? 422 : 400;
      return reply.status(status).send({ detail: `参数校验失败：${issues.join('；')}` });
    }
    if (isMalformedMultipart(err, request.headers['content-type'])) {
      return reply.status(400).send({ detail: '表单数据格式错误（multipart 不完整或缺少 boundary）' });
    }
    const status = err.statusCode ?? 500;
    if (status < 500) {
      return reply.status(status).send({ detail: clientErrorDetail(err, status) });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ detail: '服务器内部错误，请稍后重试' });
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

function clientErrorDetail(err: FastifyError, status: number): string {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return '请求体不是有效的 JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
      return '上传内容过大';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return '不支持的请求内容类型';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return '请求长度无效';
    case 'FST_ERR_VALIDATION':
      return `参数校验失败：${err.message}`;
  }
  if (status === 401) return '登录已失效，请重新登录';
  if (status === 413) return '上传内容过大';
  if (status === 415) return '不支持的请求内容类型';
  if (status === 429) return '操作过于频繁，请稍后再试';
  return '请求无效';
}
