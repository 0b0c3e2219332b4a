import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '@kaoping/contracts/common';
import {
  coverParams,
  coverVersionQuery,
  linkParams,
  publicVoteTypeView,
  receiptCodeParams,
  receiptParams,
  submissionBody,
  submissionReceipt,
  voteTypeViewHeaders,
  voteTypeViewQuery,
} from '@kaoping/contracts/public-vote';
import { sendCoverFile } from '../covers/cover-file';
import { getVoteTypeView, openPublicCoverFile } from './public-ballot.service';
import { LookupLimiter, loadReceiptByCode } from './receipt-lookup';
import { errorBody } from '../../lib/errors';
import { loadReceipt } from '../voting/receipt';
import { submitVote } from '../voting/cast-ballot';

const tags = ['public'];

/** The voter's path: open a link, see its covers, submit the ballot, read the receipt (by id or by code). */
const publicBallotRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/vote-type/:linkId',
    {
      schema: {
        tags,
        summary:
          '投票链接：单位、投票类型、状态、问卷、对象、封面，该投票人是否已投票，以及测评码（code）能否使用',
        description:
          '投票人标识与测评码可用请求头 X-Voter-Id、X-Ballot-Code 传递（本系统的投票页只用请求头：查询参数会留在代理和服务器的访问日志中）；查询参数 voter_identifier、code 仍然接受，两者都有时以请求头为准。',
        params: linkParams,
        querystring: voteTypeViewQuery,
        headers: voteTypeViewHeaders,
        response: { 200: publicVoteTypeView, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      // Says whether this voter voted: never cached by a browser or a proxy, and differs by the headers.
      reply.header('Cache-Control', 'no-store').header('Vary', 'X-Voter-Id, X-Ballot-Code');
      const voter = request.headers['x-voter-id'] ?? request.query.voter_identifier;
      const code = request.headers['x-ballot-code'] ?? request.query.code;
      return getVoteTypeView(app.db, request.params.linkId, { voter, code });
    },
  );

  app.get(
    '/vote-type/:linkId/cover/:kind',
    {
      // Images and PDFs are compressed already.
      compress: false,
      // A PDF cover opens by itself in a browser tab: it is a document.
      config: { documentHeaders: true },
      schema: {
        tags,
        summary:
          '投票链接的封面（front）或封底（back）：图片为上传时生成的 WebP，PDF 为原文件（带 ETag，可 304）',
        params: coverParams,
        querystring: coverVersionQuery,
        response: { 400: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const { linkId, kind } = request.params;
      const file = await openPublicCoverFile(app.db, linkId, kind, request.query.v);
      // Five minutes without asking, then a revalidation that costs a 304; the page's ?v= hash makes a
      // replaced cover show at once.
      return sendCoverFile(request, reply, file, 'public, max-age=300');
    },
  );

  app.post(
    '/votes',
    {
      // The receipt is built field by field from typed code; re-checking it with zod on every ballot
      // costs more than the rest of the response. The schema still documents it.
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: {
        tags,
        summary:
          '提交整张选票（同一 submission_id 重复提交返回首次结果，不重复计票；测评码方式须带 code，公开链接方式忽略 code）',
        body: submissionBody,
        response: {
          201: submissionReceipt,
          400: errorResponse,
          403: errorResponse,
          404: errorResponse,
          409: errorResponse,
          422: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const receipt = await submitVote(app.db, request.body);
      reply.header('Cache-Control', 'no-store');
      return reply.status(201).send(receipt);
    },
  );

  app.get(
    '/votes/:receiptId',
    {
      schema: {
        tags,
        summary: '投票回执：单位、投票类型、时间（到分钟）、作答对象数与回执码；不含任何选择与分数',
        params: receiptParams,
        response: { 200: submissionReceipt, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return loadReceipt(app.db, { receiptId: request.params.receiptId });
    },
  );

  const lookups = new LookupLimiter();
  app.get(
    '/receipts/:receiptCode',
    {
      schema: {
        tags,
        summary:
          '按回执码（XXXX-XXXX，不区分大小写，可省略短横线）查询投票回执：与回执链接所示相同，不含任何选择与分数；每个地址每分钟最多 10 次',
        params: receiptCodeParams,
        response: {
          200: submissionReceipt,
          400: errorResponse,
          404: errorResponse,
          409: errorResponse,
          422: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const wait = lookups.hit(request.ip);
      if (wait > 0)
        return reply.status(429).header('Retry-After', String(wait)).send(errorBody('TOO_MANY_LOOKUPS'));
      return loadReceiptByCode(app.db, request.params.receiptCode);
    },
  );
};

export default publicBallotRoutes;
