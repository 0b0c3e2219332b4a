import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { RecommendationCandidate, RecommendationPost } from '@kaoping/contracts/recommendation';
import { CANDIDATE_ORDER_LABELS, postRuleLine } from '@kaoping/contracts/recommendation-rules';
import { Button, Card, Empty, Space, Table, Tag, Typography } from 'antd';

/** 差额 (more candidates than seats) or 等额. */
export function DifferentialTag({ post }: { post: Pick<RecommendationPost, 'differential'> }) {
  return post.differential ? <Tag color="orange">差额</Tag> : <Tag color="blue">等额</Tag>;
}

const columns = [
  { title: '序号', key: 'no', width: 56, render: (_: unknown, __: unknown, i: number) => i + 1 },
  { title: '姓名', dataIndex: 'name', key: 'name', width: 110 },
  { title: '现任职务', dataIndex: 'current_position', key: 'current_position' },
  { title: '出生年月', dataIndex: 'birth_date', key: 'birth_date', width: 100 },
  { title: '备注', dataIndex: 'note', key: 'note' },
];

export interface PostCardProps {
  post: RecommendationPost;
  onEdit: (post: RecommendationPost) => void;
  onDelete: (post: RecommendationPost) => void;
}

/** One 推荐职位: its numbers, 差额/等额, how its candidates are listed, the candidates in that order. */
export function PostCard({ post, onEdit, onDelete }: PostCardProps) {
  return (
    <Card
      className="kp-rec-post"
      size="small"
      role="region"
      aria-label={`推荐职位：${post.name}`}
      title={
        <span className="kp-rec-post-title">
          <span>{post.name}</span>
          <DifferentialTag post={post} />
          <Tag>{CANDIDATE_ORDER_LABELS[post.candidate_order]}</Tag>
          {!post.is_active && <Tag color="red">已停用</Tag>}
        </span>
      }
      extra={
        <Space size={4}>
          <Button size="small" icon={<EditOutlined />} onClick={() => onEdit(post)}>
            编辑
          </Button>
          <Button size="small" danger icon={<DeleteOutlined />} onClick={() => onDelete(post)}>
            删除
          </Button>
        </Space>
      }
    >
      <dl className="kp-rec-facts">
        <div>
          <dt>职数</dt>
          <dd>{post.seats}</dd>
        </div>
        <div>
          <dt>最多推荐人数</dt>
          <dd>{post.max_choices}</dd>
        </div>
        {post.min_choices !== null && (
          <div>
            <dt>最少推荐人数</dt>
            <dd>{post.min_choices}</dd>
          </div>
        )}
        <div>
          <dt>另提名栏</dt>
          <dd>{post.write_in_slots > 0 ? `${post.write_in_slots} 栏` : '不设'}</dd>
        </div>
        <div>
          <dt>参考人选</dt>
          <dd>{post.candidates.length} 名</dd>
        </div>
      </dl>
      <Typography.Paragraph type="secondary" className="kp-rec-rule">
        {postRuleLine(post)}；{CANDIDATE_ORDER_LABELS[post.candidate_order]}排列
      </Typography.Paragraph>
      <Table<RecommendationCandidate>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={post.candidates}
        pagination={false}
        scroll={{ x: 520 }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未设参考人选，仅另提名" />,
        }}
      />
    </Card>
  );
}
