import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ERRORS } from '@kaoping/contracts/errors';

/** The error code table as Markdown, at the head of the document: a client decides by `code`. */
const errorTable = () =>
  [
    '错误响应一律为 `{ "detail": "<中文说明>", "code": "<错误码>" }`。客户端按 code 判断，不要比较 detail 文本。',
    '',
    '| code | HTTP | detail |',
    '| --- | --- | --- |',
    ...Object.entries(ERRORS).map(
      ([code, e]) => `| ${code} | ${e.status} | ${e.detail.replace(/\|/g, '\\|')} |`,
    ),
  ].join('\n');

/** The OpenAPI document at /api/v1/openapi.json (from the same zod schemas that validate) and a docs page. */
export default fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: '考评 Kaoping API',
        version: '1.0.0',
        description: `干部考核测评与民主评议系统接口\n\n${errorTable()}`,
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/v1/docs', staticCSP: true });
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
