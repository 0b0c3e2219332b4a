import { TARGET_IMPORT_COLUMNS, TARGET_TYPE_WORDS } from '@kaoping/contracts/roster-import';
import { voteTargetCreateBody, type VoteTargetCreateBody } from '@kaoping/contracts/vote-target';
import { rosterImportRoutes } from '../shared/roster-import.routes';
import { createVoteTarget } from './vote-targets.service';

/** /vote-targets/import-template.xlsx and /vote-targets/import: 名称, 类型 (领导班子 / 个人), 职务. */
export default rosterImportRoutes<VoteTargetCreateBody>({
  tag: 'vote-targets',
  label: '测评对象',
  columns: TARGET_IMPORT_COLUMNS,
  examples: [
    ['领导班子', '领导班子', ''],
    ['张三', '个人', '总经理'],
  ],
  parse: ([name, type, title], companyId) => {
    const kind = TARGET_TYPE_WORDS[type ?? ''];
    if (!kind) return { reason: `类型“${type}”无效，应为 领导班子 或 个人` };
    const parsed = voteTargetCreateBody.safeParse({ company_id: companyId, name, type: kind, title });
    return parsed.success ? { body: parsed.data } : { reason: parsed.error.issues[0]!.message };
  },
  create: createVoteTarget,
});
