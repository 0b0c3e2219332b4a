import type { VoterResult } from '@kaoping/contracts/records';
import { Collapse, Select, Typography } from 'antd';
import { useTargets } from '@/api/vote-targets';
import { useAppraisalResults } from '../../api/appraisal-results';
import { formatScore } from '@/lib/format';
import type { FamilyFilterProps, RecordFamily } from '../records/record-family';
import { ScoringView } from './scoring-view';

const DELETED = '（已删除的测评对象）';

/**
 * The appraisal ballots name a target: every target of the company, inactive ones too; an earlier
 * round's from its results (the targets list is always the current round's).
 */
function useRoundTargets(companyId: number, roundId: number | undefined) {
  const current = useTargets(companyId, roundId === undefined);
  const earlier = useAppraisalResults(companyId, roundId, roundId !== undefined);
  if (roundId === undefined)
    return { ...current, data: current.data?.map((t) => ({ value: t.id, label: t.name })) };
  return { ...earlier, data: earlier.data?.targets.map((t) => ({ value: t.target_id, label: t.name })) };
}

function TargetFilter({ companyId, value, set }: FamilyFilterProps) {
  const targets = useRoundTargets(companyId, value.round_id);
  return (
    <Select<number>
      aria-label="按测评对象筛选"
      placeholder="全部测评对象"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={targets.isLoading}
      value={value.target_id}
      onChange={(v) => set({ target_id: v ?? undefined })}
      options={targets.data}
      notFoundContent={targets.isError ? '测评对象加载失败' : '暂无测评对象'}
    />
  );
}

/** 投票记录 of the 民主测评 family: a ballot is one voter's scores of one target. */
export const appraisalRecords: RecordFamily<'democratic_appraisal'> = {
  family: 'democratic_appraisal',
  title: '投票记录',
  listError: '获取投票记录失败',
  drawerWidth: 720,
  Filter: TargetFilter,
  recordColumns: (list) => ({
    what: {
      title: '测评对象',
      key: 'target',
      render: (_, r) => (
        <div style={{ lineHeight: 1.3 }}>
          {r.target_name ?? '（已删除）'}
          {r.target_title && (
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {r.target_title}
              </Typography.Text>
            </div>
          )}
        </div>
      ),
    },
    figure: {
      title: '得分',
      key: 'score',
      dataIndex: 'score',
      align: 'right',
      sorter: true,
      sortOrder: list.sortOrder('score'),
      render: (v: number) => formatScore(v),
    },
  }),
  // One voter's scores of each target, never their sum: a total over different people means nothing.
  voterFigure: () => ({
    title: '对各测评对象的得分',
    key: 'target_scores',
    render: (_: unknown, r: VoterResult) =>
      r.target_scores.length === 0 ? (
        '—'
      ) : (
        <div className="kp-voter-scores">
          {r.target_scores.map((t) => (
            <span key={t.target_id}>
              {t.target_name ?? '（已删除）'} <b>{formatScore(t.score)}</b>
            </span>
          ))}
        </div>
      ),
  }),
  ballotFacts: (d, { voter, type, time }) => [
    voter,
    type,
    time,
    { key: 'score', label: '得分', children: formatScore(d.score) },
  ],
  renderBallot: (d) => (
    <ScoringView
      poll={d.poll}
      answers={d.answers}
      targetName={d.target_name ?? DELETED}
      targetTitle={d.target_title}
    />
  ),
  renderVoterBallots: (data) => (
    <Collapse
      defaultActiveKey={data.ballots.length === 1 ? [String(data.ballots[0]!.id)] : []}
      items={data.ballots.map((b) => ({
        key: String(b.id),
        label: `${b.target_name ?? DELETED}${b.target_title ? ` · ${b.target_title}` : ''}`,
        extra: `${formatScore(b.score)} 分`,
        children: (
          <ScoringView
            poll={data.polls.find((p) => p.id === b.poll_id)}
            answers={b.answers}
            targetName={b.target_name ?? DELETED}
            targetTitle={b.target_title}
          />
        ),
      }))}
    />
  ),
};
