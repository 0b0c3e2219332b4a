import { useMemo, useState } from 'react';
import { POLL_KIND_LABELS } from '@kaoping/contracts/poll-kinds';
import type { AppraisalResults, TargetResult } from '@kaoping/contracts/target-results';
import { FIGURES_AFTER_CLOSE } from '@kaoping/contracts/constants';
import { Typography } from 'antd';
import { OPEN_EMPTY_TITLE, OpenVoteNotice } from '@/components/open-vote-notice';
import { useAppraisalResults } from '../../api/appraisal-results';
import { CompanyHistoryBlock } from '../company-history';
import { FigureCard, FiguresBody, FiguresTable, useTurnoutRefresh } from '../figure-blocks';
import type { FiguresViewProps } from '../figures-page';
import { TurnoutCard } from '../turnout-card';
import { comparisonColumns } from './comparison-columns';
import { TargetCharts } from './target-charts';
import { targetColumns } from './target-columns';
import { TargetDrawer } from './target-drawer';

/** One company's 民主测评 results: live turnout, then a table and charts per poll (company / person). */
export function AppraisalView({ companyId, roundId, archived }: FiguresViewProps) {
  const results = useAppraisalResults(companyId, roundId);
  const turnout = useTurnoutRefresh(companyId, 'democratic_appraisal', results, roundId, archived);
  const [open, setOpen] = useState<TargetResult>();

  const { data } = results;
  const sections = useMemo(() => {
    if (!data) return [];
    return (['company', 'person'] as const)
      .map((kind) => ({
        kind,
        poll: data.polls.find((p) => p.target_type === kind),
        targets: data.targets.filter((t) => t.type === kind),
      }))
      .filter((s) => s.targets.length > 0);
  }, [data]);

  const openPoll = data?.polls.find((p) => p.target_type === open?.type);
  return (
    <>
      <TurnoutCard query={turnout} live={!archived} />
      <OpenVoteNotice names={data?.open_vote_types.map((v) => v.name) ?? []} what="得分、排名和图表" />
      <FiguresBody
        query={results}
        errorTitle="获取测评结果失败"
        isEmpty={(d) => d.targets.every((t) => t.combined.count === 0)}
        emptyTitle={!archived && data?.open_vote_types.length ? OPEN_EMPTY_TITLE : undefined}
        emptyHint={
          archived
            ? '该测评批次没有正式答卷。'
            : data?.open_vote_types.length
              ? FIGURES_AFTER_CLOSE
              : '投票开始后，这里会显示各测评对象的得分、排名和图表；上方的参评情况会自动刷新。'
        }
      >
        {(d) =>
          sections.map((s) => (
            <PollSection
              key={s.kind}
              title={s.poll?.title ?? POLL_KIND_LABELS[s.kind].assessment}
              targets={s.targets}
              data={d}
              onOpen={setOpen}
            />
          ))
        }
      </FiguresBody>
      <CompanyHistoryBlock companyId={companyId} />
      <TargetDrawer
        target={open}
        voteTypes={data?.vote_types ?? []}
        reverseTitle={openPoll?.reverse_title ?? '反向测评'}
        onClose={() => setOpen(undefined)}
      />
    </>
  );
}

interface PollSectionProps {
  title: string;
  targets: TargetResult[];
  data: AppraisalResults;
  onOpen: (t: TargetResult) => void;
}

function PollSection({ title, targets, data, onOpen }: PollSectionProps) {
  const weighted = data.vote_types.some((v) => v.weight > 0);
  const scoreLabel = weighted ? '加权得分' : '综合得分';
  const columns = useMemo(
    () => targetColumns(data.vote_types, onOpen, comparisonColumns(targets, scoreLabel)),
    [data.vote_types, onOpen, targets, scoreLabel],
  );
  return (
    <FigureCard title={title} count={`${targets.length} 个测评对象`} testId={`results-${targets[0]?.type}`}>
      <FiguresTable<TargetResult>
        rowKey="target_id"
        dataSource={targets}
        columns={columns}
        locale={{ emptyText: '暂无测评对象' }}
      />
      {weighted && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0, fontSize: 12 }}>
          加权得分 = Σ（权重 × 该投票类型平均分）÷ 有投票的投票类型权重之和；排名在同类测评对象中计算。
        </Typography.Paragraph>
      )}
      <TargetCharts targets={targets} scoreLabel={scoreLabel} />
    </FigureCard>
  );
}
