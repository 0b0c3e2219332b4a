import { useMemo } from 'react';
import { ROUND_STATE_LABELS, type CompanyHistory } from '@kaoping/contracts/rounds';
import { Alert, Tag } from 'antd';
import { EChart, OPTION_COLORS } from '@/components/charts/echart';
import { historyLinesOption } from '@/components/charts/history-lines';
import { errorDetail } from '@/lib/api-client';
import { useCompanyHistory } from '../api/history';
import { formatScore, formatShare } from '@/lib/format';
import { FigureCard, FiguresTable } from './figure-blocks';

type Row = CompanyHistory['rounds'][number];

/**
 * 历年对比: the unit's own figures in every round (测评批次), oldest first, as a line chart and a table.
 * Shown once the unit has an earlier round to compare with.
 */
export function CompanyHistoryBlock({ companyId }: { companyId: number }) {
  const { data, error } = useCompanyHistory(companyId);
  const option = useMemo(
    () =>
      data &&
      historyLinesOption({
        rounds: data.rounds.map((r) => r.round_name),
        lines: [
          { name: '领导班子得分', color: OPTION_COLORS[0]!, data: data.rounds.map((r) => r.company_score) },
          { name: '领导人员平均得分', color: OPTION_COLORS[1]!, data: data.rounds.map((r) => r.person_mean) },
          {
            name: '新提拔干部认同率',
            color: OPTION_COLORS[3]!,
            data: data.rounds.map((r) => r.newly_promoted_agree),
            suffix: '%',
          },
        ],
      }),
    [data],
  );
  if (error) {
    return (
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title={`历年对比加载失败：${errorDetail(error, '请稍后重试')}`}
      />
    );
  }
  if (!data || !option || data.rounds.length < 2) return null;
  return (
    <FigureCard title="历年对比" count={`${data.rounds.length} 个测评批次`} testId="company-history">
      <EChart option={option} height={260} label="本单位历次测评得分和认同率折线图" />
      <FiguresTable<Row>
        rowKey="round_id"
        size="small"
        style={{ marginTop: 12 }}
        dataSource={data.rounds}
        columns={[
          {
            title: '测评批次',
            dataIndex: 'round_name',
            render: (v: string, r) => (
              <>
                {v}
                {r.state === 'current' && (
                  <Tag color="blue" style={{ marginLeft: 6 }}>
                    {ROUND_STATE_LABELS.current}
                  </Tag>
                )}
              </>
            ),
          },
          { title: '民主测评答卷', dataIndex: 'appraisal_ballots', align: 'right', responsive: ['md'] },
          { title: '民主评议答卷', dataIndex: 'evaluation_ballots', align: 'right', responsive: ['md'] },
          { title: '领导班子得分', dataIndex: 'company_score', align: 'right', render: formatScore },
          { title: '领导人员平均得分', dataIndex: 'person_mean', align: 'right', render: formatScore },
          {
            title: '新提拔干部认同率',
            dataIndex: 'newly_promoted_agree',
            align: 'right',
            responsive: ['sm'],
            render: formatShare,
          },
        ]}
      />
    </FigureCard>
  );
}
