import type { RecommendationResults } from '@kaoping/contracts/recommendation';
import type { RecommendationVoteRecord } from '@kaoping/contracts/records';
import { useQuery } from '@tanstack/react-query';
import { Select, Space, Tag, Typography } from 'antd';
import { adminRequest } from '@/lib/api-client';
import type { RecordFilterValues } from '../../api/records';
import type { FamilyFilterProps, RecordFamily } from './record-family';

type Status = RecommendationVoteRecord['status'];
/** A post's answer on one ballot: names recommended (有效), nothing (弃权), or too many / too few marks (无效). */
const STATUS_LABELS: Record<Status, string> = { valid: '有效', abstained: '弃权', invalid: '无效' };
const STATUS_COLORS: Record<Status, string> = { valid: 'green', abstained: 'default', invalid: 'red' };

/**
 * The 推荐职位 to filter by: the current round's from the posts list; an earlier round's from its results
 * (the posts list is always the current round's; an archived round's vote types have all ended).
 */
function useRoundPosts(companyId: number, roundId: number | undefined) {
  const current = useQuery({
    queryKey: ['recommendation-posts', companyId],
    queryFn: () =>
      adminRequest<{ id: number; name: string }[]>('/admin/recommendation-posts/', {
        query: { company_id: companyId },
      }),
    enabled: roundId === undefined,
  });
  const earlier = useQuery({
    queryKey: ['results', 'recommendation', companyId, roundId],
    queryFn: () =>
      adminRequest<RecommendationResults>(`/admin/companies/${companyId}/recommendation-results`, {
        query: { round_id: roundId },
      }),
    enabled: roundId !== undefined,
  });
  if (roundId === undefined)
    return { ...current, data: current.data?.map((p) => ({ value: p.id, label: p.name })) };
  return { ...earlier, data: earlier.data?.total.posts.map((p) => ({ value: p.post_id, label: p.name })) };
}

function PostFilter({ companyId, value, set }: FamilyFilterProps) {
  const posts = useRoundPosts(companyId, value.round_id);
  return (
    <>
      <Select<number>
        aria-label="按推荐职位筛选"
        placeholder="全部推荐职位"
        allowClear
        loading={posts.isLoading}
        value={value.post_id}
        onChange={(v) => set({ post_id: v ?? undefined })}
        options={posts.data}
        notFoundContent={posts.isError ? '推荐职位加载失败' : '暂无推荐职位'}
      />
      <Select<Status>
        aria-label="按状态筛选"
        placeholder="全部状态"
        allowClear
        value={value.status}
        onChange={(v) => set({ status: v ?? undefined } satisfies RecordFilterValues)}
        options={(['valid', 'abstained', 'invalid'] as const).map((s) => ({
          value: s,
          label: STATUS_LABELS[s],
        }))}
      />
    </>
  );
}

export const StatusTag = ({ status }: { status: Status }) => (
  <Tag color={STATUS_COLORS[status]} style={{ marginInlineEnd: 0 }}>
    {STATUS_LABELS[status]}
  </Tag>
);

/** The names of one post's answer in a line: 推荐 …；另提名 …, or why there are none. */
export function answerLine(r: RecommendationVoteRecord): string {
  if (r.status === 'abstained') return '未推荐任何人（弃权）';
  const parts = [
    r.choices.length ? `推荐：${r.choices.map((c) => c.name).join('、')}` : null,
    r.write_ins.length ? `另提名：${r.write_ins.join('、')}` : null,
  ].filter(Boolean);
  const names = parts.join('；') || '未推荐任何人';
  // 无效 (paper or a talk record over- or under-marked): what was marked, not counted for this post.
  return r.status === 'invalid' ? `${names}（本职位无效，不计票）` : names;
}

/** One post's answer, read-only: the names recommended, the names written in, or 弃权 / 无效. */
function PostAnswer({ r }: { r: RecommendationVoteRecord }) {
  return (
    <dl className="kp-rec-answer" style={{ margin: 0 }}>
      <Space size={8} wrap style={{ marginBottom: 8 }}>
        <StatusTag status={r.status} />
        {r.status === 'invalid' && (
          <Typography.Text type="danger">超出或不足应推荐人数，本职位作无效票，不计票</Typography.Text>
        )}
        {r.status === 'abstained' && <Typography.Text type="secondary">本职位未推荐任何人</Typography.Text>}
      </Space>
      {r.status !== 'abstained' && (
        <>
          <dt style={{ fontWeight: 500 }}>推荐人选</dt>
          <dd style={{ margin: '0 0 8px' }}>
            {r.choices.length ? r.choices.map((c) => <Tag key={c.candidate_id}>{c.name}</Tag>) : '—'}
          </dd>
          <dt style={{ fontWeight: 500 }}>另提名</dt>
          <dd style={{ margin: 0 }}>
            {r.write_ins.length
              ? r.write_ins.map((n) => (
                  <Tag key={n} color="purple">
                    {n}
                  </Tag>
                ))
              : '—'}
          </dd>
        </>
      )}
    </dl>
  );
}

/** 民主推荐记录: a ballot (随机编号) answers each 推荐职位; a row is one ballot's answer on one post. */
export const recommendationRecords: RecordFamily<'democratic_recommendation'> = {
  family: 'democratic_recommendation',
  title: '民主推荐记录',
  listError: '获取推荐记录失败',
  drawerWidth: 640,
  Filter: PostFilter,
  recordColumns: () => ({
    what: { title: '推荐职位', dataIndex: 'post_name' },
    figure: {
      title: '推荐情况',
      key: 'answer',
      render: (_, r) => (
        <Space size={4} align="start">
          <StatusTag status={r.status} />
          <span>{answerLine(r)}</span>
        </Space>
      ),
    },
  }),
  ballotFacts: (d, { voter, type, time }) => [
    voter,
    type,
    { key: 'post', label: '推荐职位', children: d.post_name },
    time,
  ],
  renderBallot: (d) => <PostAnswer r={d} />,
  ballotCount: (n) => `${n} 个推荐职位`,
  renderVoterBallots: (data) =>
    data.ballots.map((b) => (
      <section key={b.id} style={{ marginBottom: 20 }}>
        <Typography.Title level={5}>
          {b.post_name}
          <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal', marginLeft: 8 }}>
            {b.vote_type_name}
          </Typography.Text>
        </Typography.Title>
        <PostAnswer r={b} />
      </section>
    )),
};
