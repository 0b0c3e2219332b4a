import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '@kaoping/contracts/common';
import { settingsBody, settingsView } from '@kaoping/contracts/settings';
import { snapshotStatusView } from '@kaoping/contracts/snapshots';
import { actorOf } from '../../lib/actor';
import { snapshotStatus } from '../snapshots/snapshot-status';
import { publicUrlSettings, saveSettings } from './settings.service';

const tags = ['settings'];
const security = [{ bearerAuth: [] }];

/** GET/PUT /settings: the server-wide values an administrator edits (the public address). */
const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: { tags, security, summary: '系统设置：公网访问地址', response: { 200: settingsView } },
    },
    async () => publicUrlSettings(app.db, app.config.PUBLIC_URL),
  );

  app.put(
    '/',
    {
      schema: {
        tags,
        security,
        summary: '修改系统设置（public_url 为 null 时清除，改用环境变量 PUBLIC_URL）',
        body: settingsBody,
        response: { 200: settingsView, 422: errorResponse },
      },
    },
    async (request) => saveSettings(app.db, request.body, app.config.PUBLIC_URL, actorOf(request)),
  );

  app.get(
    '/snapshots',
    {
      schema: {
        tags,
        security,
        summary: '系统设置：运行中快照（内置数据库）——文件夹、最近一次快照的时间和文件、下一次时间、错误',
        response: { 200: snapshotStatusView },
      },
    },
    async () => snapshotStatus(),
  );
};

export default settingsRoutes;
