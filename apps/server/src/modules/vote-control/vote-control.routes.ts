import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, idParams } from '@kaoping/contracts/common';
import { companyScopeQuery, voteType } from '@kaoping/contracts/vote-type';
import { actorOf } from '../../lib/actor';
import { publicBase } from '../settings/settings.service';
import { requestSnapshot } from '../snapshots/snapshots';
import { closeVoteType, finishCount, goFormal, reopenVoteType } from './vote-control.service';

const tags = ['vote-types'];
const security = [{ bearerAuth: [] }];
const response = { 200: voteType, 403: errorResponse, 404: errorResponse, 409: errorResponse };

/** POST /vote-types/{id}/close, /finish-count, /reopen, /go-formal: under the /vote-types prefix. */
const voteControlRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = (summary: string) => ({
    tags,
    security,
    summary,
    params: idParams,
    querystring: companyScopeQuery,
    response,
  });
  const opts = async (request: Parameters<typeof actorOf>[0] & { query: { company_id?: number } }) => ({
    companyId: request.query.company_id,
    actor: actorOf(request),
    base: await publicBase(app.db, app.config.PUBLIC_URL),
  });

  app.post(
    '/:id/close',
    {
      schema: schema(
        '结束投票：手机端立即停止收票，测评码方式同时作废未使用的手机测评码（回收）；纸质票仍可录入和核对，直到完成计票',
      ),
    },
    async (request) => {
      const closed = await closeVoteType(app.db, request.params.id, await opts(request));
      // A snapshot with every ballot of the vote (it waits for this request's transaction to commit).
      requestSnapshot('close');
      return closed;
    },
  );

  app.post(
    '/:id/finish-count',
    {
      schema: schema(
        '完成计票：结束投票之后的最后一步；有纸质票待第二次录入或待核对时拒绝（409）；未录入的纸质票测评码作废，结果从此为最终结果',
      ),
    },
    async (request) => finishCount(app.db, request.params.id, await opts(request)),
  );

  app.post(
    '/:id/reopen',
    {
      preHandler: app.requireAdvancedMode,
      schema: schema(
        '重新开放（需高级模式）：退回上一步——已完成计票退回投票结束（纸质票测评码恢复可录入），投票结束退回投票中（回收的手机测评码恢复可用）',
      ),
    },
    async (request) => reopenVoteType(app.db, request.params.id, await opts(request)),
  );

  app.post(
    '/:id/go-formal',
    {
      preHandler: app.requireAdvancedMode,
      schema: schema('结束试投票、转为正式投票（需高级模式）：删除全部试投票选票，作废试投票中用过的测评码'),
    },
    async (request) => goFormal(app.db, request.params.id, await opts(request)),
  );
};

export default voteControlRoutes;
