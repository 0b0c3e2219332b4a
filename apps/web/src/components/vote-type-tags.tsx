import { ACCESS_MODE_LABELS } from '@kaoping/contracts/ballot-codes';
import {
  COUNT_STAGE_LABELS,
  COUNT_STAGES,
  type CountStage,
  type VoteType,
} from '@kaoping/contracts/vote-type';
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

const STAGE_HINT: Record<CountStage, string> = {
  voting: '投票中：手机和纸质票都可投；结束投票后手机端停止',
  counting: '投票结束：手机端已停止，纸质票仍可录入和核对；录入完毕后点击“完成计票”',
  counted: '已完成计票：未录入的纸质票已作废，结果为最终结果',
};

/**
 * The three steps of a vote type (投票中 → 投票结束 → 已完成计票) in a line, the current one marked: the vote
 * types page, and wherever a group's step is shown beside its figures.
 */
export function CountStageSteps({ voteType }: { voteType: Pick<VoteType, 'count_stage'> }) {
  const at = COUNT_STAGES.indexOf(voteType.count_stage);
  return (
    <Tooltip title={STAGE_HINT[voteType.count_stage]}>
      <span
        className="kp-count-steps"
        data-testid="count-stage"
        data-stage={voteType.count_stage}
        aria-label={`计票步骤：${COUNT_STAGE_LABELS[voteType.count_stage]}（第 ${at + 1} 步，共 3 步）`}
        style={{ display: 'inline-flex', gap: 2, alignItems: 'center', fontSize: 12, whiteSpace: 'nowrap' }}
      >
        {COUNT_STAGES.map((stage, i) => (
          <span key={stage} style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }}>
            {i > 0 && <span style={{ color: '#bfbfbf' }}>›</span>}
            <span
              style={
                i === at
                  ? { color: stage === 'counted' ? '#389e0d' : '#1677ff', fontWeight: 600 }
                  : { color: i < at ? '#8c8c8c' : '#bfbfbf' }
              }
            >
              {stage === 'counted' ? '完成计票' : COUNT_STAGE_LABELS[stage]}
            </span>
          </span>
        ))}
      </span>
    </Tooltip>
  );
}
