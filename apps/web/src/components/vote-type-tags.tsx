import { ACCESS_MODE_LABELS } from '@kaoping/contracts/ballot-codes';
import type { VoteType } from '@kaoping/contracts/vote-type';
import { Tag, Tooltip } from 'antd';

const STATUS: Record<VoteType['status'], { label: string; color: string }> = {
  open: { label: '进行中', color: 'green' },
  closed: { label: '已结束', color: 'default' },
  not_started: { label: '未开始', color: 'blue' },
  inactive: { label: '已停用', color: 'red' },
};

/** 进行中 / 已结束 / 未开始 / 已停用: where a vote type stands for a voter now. */
export function VoteTypeStatusTag({ voteType }: { voteType: Pick<VoteType, 'status' | 'closed_at'> }) {
  const s = STATUS[voteType.status];
  const tag = <Tag color={s.color}>{s.label}</Tag>;
  if (voteType.status !== 'closed' || !voteType.closed_at) return tag;
  return (
    <Tooltip title={`已于 ${new Date(voteType.closed_at).toLocaleString('zh-CN')} 手动结束`}>{tag}</Tooltip>
  );
}

/** 试投票: ballots of this vote type are a rehearsal and are not counted. */
export function TestModeTag({ voteType }: { voteType: Pick<VoteType, 'test_mode'> }) {
  return voteType.test_mode ? (
    <Tooltip title="试投票的选票单独标记，不计入结果；转为正式投票时清除">
      <Tag color="orange">试投票</Tag>
    </Tooltip>
  ) : null;
}

/** 公开链接 / 测评码. */
export function AccessModeTag({ voteType }: { voteType: Pick<VoteType, 'access_mode'> }) {
  return (
    <Tag color={voteType.access_mode === 'codes' ? 'purple' : 'default'}>
      {ACCESS_MODE_LABELS[voteType.access_mode]}
    </Tag>
  );
}
