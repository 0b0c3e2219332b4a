import type { Validity } from '@kaoping/contracts/summary-tables';
import { FORM_CATEGORY_LABELS } from '@kaoping/contracts/vote-type';
import { Alert, Card, Tag, Typography } from 'antd';
import { CountStageSteps } from '@/components/vote-type-tags';
import { formatShare } from '@/lib/format';
import { minute } from '../lib/format';
import { SummaryTable } from './summary-table';

type Row = Validity['vote_types'][number];

/** 有效性: per voter group 发出数 / 收回数 / 参评率, the 未超过半数 warning, and when the vote closed. */
export function ValidityCard({ validity }: { validity: Validity }) {
  return (
    <Card size="small" title="有效性（发出数 / 收回数 / 参评率）" style={{ marginBottom: 16 }}>
      {validity.count_note && (
        <Alert
          type="warning"
          showIcon
          data-testid="count-not-finished"
          style={{ marginBottom: 12 }}
          title={`${validity.count_note}：以下结果不是最终结果`}
          description={`尚未完成计票：${validity.vote_types
            .filter((r) => r.count_stage !== 'counted')
            .map((r) => r.name)
            .join('、')}。全部完成计票后，汇总表和报告才是最终结果。`}
        />
      )}
      {validity.vote_types.some((r) => r.deleted_note) && (
        <Alert
          type="error"
          showIcon
          data-testid="deleted-ballots"
          style={{ marginBottom: 12 }}
          title={validity.vote_types
            .filter((r) => r.deleted_note)
            .map((r) => `“${r.name}”${r.deleted_note}`)
            .join('；')}
        />
      )}
      {validity.under_half && (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 12 }}
          title="未超过半数：有票类的收回数未超过发出数的一半，请核实测评的有效性"
        />
      )}
      <SummaryTable<Row>
        rowKey="vote_type_id"
        dataSource={validity.vote_types}
        rowClassName={(r) => (r.under_half ? 'kp-sum-flagged' : '')}
        columns={[
          {
            title: '票类',
            dataIndex: 'name',
            render: (name: string, row) => (
              <>
                {name}
                {row.deleted_ballots > 0 && (
                  <div>
                    <Tag color="red">删除 {row.deleted_ballots} 张</Tag>
                  </div>
                )}
              </>
            ),
          },
          {
            title: '类别',
            dataIndex: 'form_category',
            render: (c: Row['form_category']) => FORM_CATEGORY_LABELS[c],
          },
          { title: '发出数', dataIndex: 'issued', align: 'right', render: (n: number | null) => n ?? '—' },
          { title: '收回数', dataIndex: 'received', align: 'right' },
          {
            title: '参评率',
            dataIndex: 'rate',
            align: 'right',
            render: (r: number | null, row) => (
              <>
                {formatShare(r)} {row.under_half && <Tag color="red">未超过半数</Tag>}
              </>
            ),
          },
          {
            title: '阶段',
            dataIndex: 'count_stage',
            render: (_s: Row['count_stage'], row) => <CountStageSteps voteType={row} />,
          },
          {
            title: '结束时间',
            dataIndex: 'closed_at',
            render: (t: string | null) => (t ? minute(t) : '未结束'),
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
        {validity.closed_at
          ? `投票已于 ${minute(validity.closed_at)} 全部结束。`
          : '投票尚未全部结束，数字仍可能变化。'}
      </Typography.Paragraph>
    </Card>
  );
}
