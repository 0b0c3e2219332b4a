import { useState } from 'react';
import type { EvaluationResults } from '@kaoping/contracts/cadre-results';
import { FIGURES_AFTER_CLOSE } from '@kaoping/contracts/constants';
import { Empty, Select, Typography } from 'antd';
import { OPEN_EMPTY_TITLE, OpenVoteNotice } from '@/components/open-vote-notice';
import { useEvaluationStatistics } from '../../api/evaluation-statistics';
import { CompanyHistoryBlock } from '../company-history';
import { FigureCard, FiguresBody, useTurnoutRefresh } from '../figure-blocks';
import type { FiguresViewProps } from '../figures-page';
import { TurnoutCard } from '../turnout-card';
import { CadreQuestionCard, TextAnswers } from './cadre-question-card';
import { NewlyPromotedTable } from './newly-promoted-table';

/** One company's 民主评议 results: live turnout, the 选人用人工作 questions and the newly promoted table. */
export function EvaluationView({ companyId, roundId, archived }: FiguresViewProps) {
  const [voteTypeId, setVoteTypeId] = useState<number>();
  const stats = useEvaluationStatistics(companyId, voteTypeId, roundId);
  const turnout = useTurnoutRefresh(companyId, 'democratic_evaluation', stats, roundId, archived);
  const voteTypes = turnout.data?.vote_types ?? stats.data?.vote_types ?? [];
  return (
    <>
      <TurnoutCard query={turnout} live={!archived} />
      {voteTypes.length > 1 && (
        <div style={{ marginBottom: 12, display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography.Text>统计范围：</Typography.Text>
          <Select<number>
            aria-label="按投票类型统计"
            placeholder="全部投票类型"
            allowClear
            style={{ width: 200 }}
            value={voteTypeId}
            onChange={(v) => setVoteTypeId(v ?? undefined)}
            options={voteTypes.map((vt) => ({ value: vt.vote_type_id, label: vt.name }))}
          />
        </div>
      )}
      <OpenVoteNotice
        names={stats.data?.open_vote_types.map((v) => v.name) ?? []}
        what="评议统计和意见建议"
      />
      <FiguresBody
        query={stats}
        errorTitle="获取评议结果失败"
        isEmpty={(d) => d.cadre.ballot_count === 0 && d.newly_promoted.ballot_count === 0}
        emptyTitle={!archived && stats.data?.open_vote_types.length ? OPEN_EMPTY_TITLE : undefined}
        emptyHint={
          archived
            ? '该测评批次没有正式答卷。'
            : stats.data?.open_vote_types.length
              ? FIGURES_AFTER_CLOSE
              : '投票开始后，这里会显示选人用人工作评议和新提拔干部评议的统计；上方的参评情况会自动刷新。'
        }
      >
        {(d) => <Figures data={d} />}
      </FiguresBody>
      <CompanyHistoryBlock companyId={companyId} />
    </>
  );
}

function Figures({ data }: { data: EvaluationResults }) {
  const { cadre, newly_promoted: np } = data;
  return (
    <>
      <FigureCard
        title={cadre.poll?.title ?? '选人用人工作民主评议'}
        count={`${cadre.ballot_count} 份答卷`}
        testId="cadre-results"
      >
        {!cadre.poll ? (
          <Empty description="该单位暂无选人用人工作问卷" />
        ) : cadre.ballot_count === 0 ? (
          <Empty description="暂无投票数据" />
        ) : (
          cadre.questions.map((q, i) => <CadreQuestionCard key={q.id} q={q} index={i + 1} />)
        )}
      </FigureCard>
      <FigureCard
        title={np.poll?.title ?? '新提拔任用干部民主评议'}
        count={`${np.ballot_count} 份答卷`}
        testId="newly-promoted-results"
      >
        {!np.poll ? (
          <Empty description="该单位暂无新提拔干部评议表" />
        ) : (
          <>
            <NewlyPromotedTable subjects={np.subjects} threshold={data.threshold} />
            <Typography.Title level={5} style={{ marginTop: 16 }}>
              {np.reason_question || '不认同的主要原因'}
            </Typography.Title>
            <TextAnswers texts={np.reasons} empty="暂无填写" />
          </>
        )}
      </FigureCard>
    </>
  );
}
