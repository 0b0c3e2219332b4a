import { PlusOutlined } from '@ant-design/icons';
import { FORM_CATEGORY_LABELS, type FormCategory, type VoteType } from '@kaoping/contracts/vote-type';
import { Alert, Button, Card, Empty, Tag } from 'antd';
import { AdminTable } from '@/components/admin-table';
import type { FamilyWeights } from '../lib/weights';
import { voteTypeColumns, type VoteTypeColumnActions } from './vote-type-columns';

const FAMILY_HINT: Record<FormCategory, string> = {
  democratic_appraisal: '扫码后填写班子测评表和个人测评表',
  democratic_evaluation: '扫码后填写选人用人工作评议表和新提拔干部评议表',
  democratic_recommendation: '扫码后按推荐职位推荐人选；谈话调研推荐由谈话人员逐份录入',
};

export interface FamilySectionProps extends VoteTypeColumnActions {
  weights: FamilyWeights;
  rows: VoteType[];
  loading: boolean;
  onAdd: (category: FormCategory) => void;
}

/** The vote types of one ballot family, with the check that their weights add up to 100%. */
export function FamilySection({ weights, rows, loading, onAdd, ...actions }: FamilySectionProps) {
  const label = FORM_CATEGORY_LABELS[weights.category];
  // 民主推荐's 合计 adds the groups' votes: weights do not apply, nothing to balance.
  const weighed = weights.category !== 'democratic_recommendation';
  return (
    <Card
      title={
        <span>
          {label}
          <span style={{ fontWeight: 'normal', fontSize: 13, color: 'rgba(0,0,0,0.45)', marginLeft: 8 }}>
            {FAMILY_HINT[weights.category]}
          </span>
        </span>
      }
      extra={
        <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
          {weighed && weights.count > 0 && (
            <Tag color={weights.unbalanced ? 'warning' : 'success'}>权重合计 {weights.total}%</Tag>
          )}
          <Button size="small" icon={<PlusOutlined />} onClick={() => onAdd(weights.category)}>
            新增
          </Button>
        </span>
      }
      style={{ marginBottom: 16 }}
      styles={{ body: { padding: 0 } }}
    >
      {weighed && weights.unbalanced && (
        <Alert
          type="warning"
          showIcon
          banner
          title={
            weights.total === 0
              ? `${label}类投票类型都未设置权重，结果将按各类型平均分简单平均。如需加权，请使权重合计为 100%。`
              : `${label}类投票类型的权重合计为 ${weights.total}%，应为 100%。`
          }
        />
      )}
      <AdminTable<VoteType>
        rowKey="id"
        loading={loading}
        dataSource={rows}
        columns={voteTypeColumns(actions)}
        pagination={false}
        scroll={{ x: 1080 }}
        size="middle"
        locale={{ emptyText: <Empty description={`暂无${label}类投票类型`} /> }}
      />
    </Card>
  );
}
