import { SyncOutlined } from '@ant-design/icons';
import { Alert, Card, Empty, Progress, Skeleton, Tag, Typography } from 'antd';
import { errorDetail } from '@/lib/api-client';
import { TURNOUT_REFRESH_MS, type useLiveTurnout } from '../api/turnout';

const time = (iso: string) => new Date(iso).toLocaleTimeString('zh-CN', { hour12: false });

/** Live turnout: per vote type, ballots received against the expected number of voters. */
export function TurnoutCard({ query }: { query: ReturnType<typeof useLiveTurnout> }) {
  const { data, error, isLoading } = query;
  return (
    <Card
      size="small"
      title="实时参与情况"
      style={{ marginBottom: 16 }}
      extra={
        data && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <SyncOutlined spin={query.isFetching} /> 每 {TURNOUT_REFRESH_MS / 1000} 秒自动刷新 · 更新于{' '}
            {time(data.generated_at)}
          </Typography.Text>
        )
      }
    >
      {isLoading && <Skeleton active paragraph={{ rows: 2 }} title={false} />}
      {error && (
        <Alert
          type="warning"
          showIcon
          title={`参与情况刷新失败：${errorDetail(error, '网络连接失败')}，稍后自动重试`}
          style={{ marginBottom: data ? 12 : 0 }}
        />
      )}
      {data && data.vote_types.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该单位暂无此类投票类型" />
      )}
      {data && data.vote_types.length > 0 && (
        <div className="kp-turnout">
          {data.vote_types.map((row) => (
            <div
              key={row.vote_type_id}
              className="kp-turnout-row"
              data-testid={`turnout-${row.vote_type_id}`}
            >
              <div style={{ display: 'flex', gap: 8, alignItems: 'baseline', flexWrap: 'wrap' }}>
                <Typography.Text strong>{row.name}</Typography.Text>
                {!row.is_active && <Tag>已停用</Tag>}
                <Typography.Text type="secondary" style={{ marginLeft: 'auto' }}>
                  已收 {row.received}
                  {row.expected_voters !== null ? ` / 应到 ${row.expected_voters} 人` : ' 人（未设应到人数）'}
                </Typography.Text>
              </div>
              <Progress
                percent={row.rate === null ? 0 : Math.min(row.rate, 100)}
                format={() => (row.rate === null ? '—' : `${row.rate.toFixed(2)}%`)}
                status={row.rate !== null && row.rate >= 100 ? 'success' : 'active'}
                aria-label={`${row.name}参与率`}
              />
            </div>
          ))}
        </div>
      )}
    </Card>
  );
}
