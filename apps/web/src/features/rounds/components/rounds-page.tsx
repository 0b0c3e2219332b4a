import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { ROUND_STATE_LABELS, type RoundSummary } from '@kaoping/contracts/rounds';
import { Alert, Button, Empty, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useRounds } from '@/api/rounds';
import { AdminTable } from '@/components/admin-table';
import { CompanySelect, NO_COMPANY_WARNING } from '@/components/company-select';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { useCompanyParam } from '@/lib/use-company-param';
import { NewRoundDialog } from './new-round-dialog';

const time = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString('zh-CN', { hour12: false, dateStyle: 'short', timeStyle: 'short' })
    : '—';

/** Where a round's figures and ballots are read (an archived round read-only). */
function RoundLinks({ companyId, round }: { companyId: number; round: RoundSummary }) {
  const q = `?company=${companyId}${round.state === 'current' ? '' : `&round=${round.id}`}`;
  return (
    <Space size={4} wrap>
      <Link to={`/admin/results${q}`}>测评结果</Link>
      <Link to={`/admin/vote-records${q}`}>投票记录</Link>
      <Link to={`/admin/cadre-vote-results${q}`}>评议结果</Link>
      <Link to={`/admin/cadre-vote-records${q}`}>评议记录</Link>
    </Space>
  );
}

/**
 * 测评批次 (/admin/rounds?company=ID): a unit's rounds, newest first, with their state and what each
 * holds, and 开始新一轮测评, which archives the current round and starts the next from a copy of its setup.
 */
export default function RoundsPage() {
  const [companyId, setCompanyId] = useCompanyParam();
  const [open, setOpen] = useState(false);
  const rounds = useRounds(companyId);
  const current = rounds.data?.items.find((r) => r.state === 'current');

  return (
    <>
      <PageHeader
        title="测评批次"
        currentRoundOf={companyId}
        extra={
          <Button type="primary" icon={<PlusOutlined />} disabled={!current} onClick={() => setOpen(true)}>
            开始新一轮测评
          </Button>
        }
      >
        <CompanySelect value={companyId} onChange={setCompanyId} />
      </PageHeader>
      {companyId === undefined ? (
        <Alert type="warning" showIcon title={NO_COMPANY_WARNING} />
      ) : rounds.isError ? (
        <LoadError title="测评批次加载失败" error={rounds.error} onRetry={() => void rounds.refetch()} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            每个单位同一时间只有一个当前批次，问卷、投票类型、测评对象等设置和新的答卷都属于当前批次；开始新一轮测评后，原批次归档，只能查看，不能修改。
          </Typography.Paragraph>
          <AdminTable<RoundSummary>
            rowKey="id"
            loading={rounds.isLoading}
            dataSource={rounds.data?.items}
            pagination={false}
            locale={{ emptyText: <Empty description="该单位还没有测评批次" /> }}
            columns={[
              {
                title: '批次名称',
                dataIndex: 'name',
                render: (name: string, r) => (
                  <Typography.Text strong={r.state === 'current'}>{name}</Typography.Text>
                ),
              },
              { title: '年度', dataIndex: 'year', width: 70, responsive: ['sm'] },
              {
                title: '状态',
                dataIndex: 'state',
                width: 90,
                render: (s: RoundSummary['state']) => (
                  <Tag color={s === 'current' ? 'blue' : undefined}>{ROUND_STATE_LABELS[s]}</Tag>
                ),
              },
              { title: '投票类型', dataIndex: 'vote_types', width: 84, align: 'right', responsive: ['md'] },
              { title: '测评对象', dataIndex: 'targets', width: 84, align: 'right', responsive: ['md'] },
              { title: '评议对象', dataIndex: 'subjects', width: 84, align: 'right', responsive: ['md'] },
              { title: '正式答卷', dataIndex: 'ballots', width: 84, align: 'right' },
              {
                title: '创建时间',
                dataIndex: 'created_at',
                width: 150,
                responsive: ['lg'],
                render: time,
              },
              {
                title: '归档时间',
                dataIndex: 'archived_at',
                width: 150,
                responsive: ['lg'],
                render: time,
              },
              {
                title: '查看',
                key: 'links',
                width: 150,
                render: (_v, r) => <RoundLinks companyId={companyId} round={r} />,
              },
            ]}
          />
        </>
      )}
      {companyId !== undefined && current && (
        <NewRoundDialog
          key={`${companyId}:${current.id}`}
          open={open}
          companyId={companyId}
          current={current}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
