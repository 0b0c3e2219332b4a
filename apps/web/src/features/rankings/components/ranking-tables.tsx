import { useState } from 'react';
import type { LeaderRanking, PromotedRanking, UnitRanking } from '@kaoping/contracts/rankings';
import { Empty, Segmented, Tag, Typography } from 'antd';
import { AdminTable } from '@/components/admin-table';
import { formatPoints, formatScore, formatShare } from '@/lib/format';
import { byNumber } from '../lib/format';

const rankTag = (r: number | null) => (r === null ? '—' : <Tag color={r <= 3 ? 'gold' : undefined}>{r}</Tag>);
const empty = (what: string) => ({ emptyText: <Empty description={`该年度没有${what}`} /> });

/** Units by the team's weighted score, or by the 选人用人 overall 好 share (click a column to sort). */
export function UnitsTable({ rows }: { rows: UnitRanking[] }) {
  const good = rows.find((r) => r.cadre_good_label)?.cadre_good_label ?? '好';
  return (
    <AdminTable<UnitRanking>
      rowKey={(r) => r.round.id}
      dataSource={rows}
      pagination={false}
      size="small"
      locale={empty('可排名的单位')}
      columns={[
        { title: '单位', key: 'company', fixed: 'start', render: (_v, r) => r.company.name },
        { title: '测评批次', key: 'round', render: (_v, r) => r.round.name, responsive: ['sm'] },
        {
          title: '领导班子加权得分',
          key: 'team',
          align: 'right',
          sorter: byNumber((r) => r.team_weighted_score),
          defaultSortOrder: 'descend',
          sortDirections: ['descend', 'ascend'],
          render: (_v, r) => formatScore(r.team_weighted_score),
        },
        { title: '排名', key: 'team_rank', align: 'center', render: (_v, r) => rankTag(r.team_rank) },
        {
          title: `选人用人“${good}”占比`,
          key: 'cadre',
          align: 'right',
          sorter: byNumber((r) => r.cadre_good_share),
          sortDirections: ['descend', 'ascend'],
          render: (_v, r) => formatShare(r.cadre_good_share),
        },
        { title: '排名', key: 'cadre_rank', align: 'center', render: (_v, r) => rankTag(r.cadre_rank) },
      ]}
    />
  );
}

type LeaderSort = 'score' | 'excellent';

/** Every leader of every unit, ranked by weighted score or by 优秀率. */
export function LeadersTable({ rows }: { rows: LeaderRanking[] }) {
  const [by, setBy] = useState<LeaderSort>('score');
  const rank = (r: LeaderRanking) => (by === 'score' ? r.score_rank : r.excellent_rank);
  const sorted = [...rows].sort(
    (a, b) => (rank(a) ?? Number.MAX_SAFE_INTEGER) - (rank(b) ?? Number.MAX_SAFE_INTEGER),
  );
  return (
    <>
      <Segmented<LeaderSort>
        value={by}
        onChange={setBy}
        options={[
          { value: 'score', label: '按加权得分' },
          { value: 'excellent', label: '按优秀率' },
        ]}
        style={{ marginBottom: 8 }}
      />
      <AdminTable<LeaderRanking>
        rowKey={(r) => `${r.round.id}:${r.target_id}`}
        dataSource={sorted}
        pagination={sorted.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        size="small"
        locale={empty('领导干部的测评结果')}
        columns={[
          { title: '排名', key: 'rank', align: 'center', width: 64, render: (_v, r) => rankTag(rank(r)) },
          { title: '姓名', dataIndex: 'name', fixed: 'start' },
          { title: '职务', dataIndex: 'title', responsive: ['md'] },
          { title: '单位', key: 'company', render: (_v, r) => r.company.name },
          {
            title: '加权得分',
            key: 'score',
            align: 'right',
            render: (_v, r) => formatScore(r.weighted_score),
          },
          {
            title: '优秀率',
            key: 'excellent',
            align: 'right',
            render: (_v, r) => formatShare(r.excellent_rate),
          },
        ]}
      />
    </>
  );
}

/** Newly promoted cadres of all units by 认同率, against the group's average. */
export function PromotedTable({ rows, average }: { rows: PromotedRanking[]; average: number | null }) {
  return (
    <>
      <Typography.Paragraph>
        全部新提拔干部平均认同率：<Typography.Text strong>{formatShare(average)}</Typography.Text>
      </Typography.Paragraph>
      <AdminTable<PromotedRanking>
        rowKey={(r) => `${r.round.id}:${r.subject_id}`}
        dataSource={rows}
        pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        size="small"
        locale={empty('新提拔干部的评议结果')}
        rowClassName={(r) => (r.flagged ? 'kp-row-flagged' : '')}
        columns={[
          { title: '排名', key: 'rank', align: 'center', width: 64, render: (_v, r) => rankTag(r.rank) },
          { title: '姓名', dataIndex: 'name', fixed: 'start' },
          { title: '单位', key: 'company', render: (_v, r) => r.company.name },
          { title: '评议人数', dataIndex: 'count', align: 'right', responsive: ['sm'] },
          {
            title: '认同率',
            key: 'approval',
            align: 'right',
            render: (_v, r) => formatShare(r.approval_rate),
          },
          {
            title: '与平均值之差',
            key: 'versus',
            align: 'right',
            render: (_v, r) => (
              <Typography.Text
                type={r.versus_average !== null && r.versus_average < 0 ? 'danger' : undefined}
              >
                {formatPoints(r.versus_average)}
              </Typography.Text>
            ),
          },
          {
            title: '预警',
            key: 'flag',
            render: (_v, r) => (r.flagged ? <Tag color="red">不认同率超过阈值</Tag> : null),
          },
        ]}
      />
    </>
  );
}
