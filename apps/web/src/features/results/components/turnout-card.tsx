import { SyncOutlined } from '@ant-design/icons';
import type { TurnoutRow } from '@kaoping/contracts/turnout';
import { Alert, Card, Empty, Progress, Skeleton, Tag, Typography } from 'antd';
import { deletedBallotsNote } from '@kaoping/contracts/constants';
import { CountStageSteps } from '@/components/vote-type-tags';
import { errorDetail } from '@/lib/api-client';
import { TURNOUT_REFRESH_MS, type useLiveTurnout } from '../api/turnout';

const time = (iso: string) => new Date(iso).toLocaleTimeString('zh-CN', { hour12: false });

const WARNING_COLOR = '#fa8c16';
const WARNING_TEXT = {
  over: '收回数超过发出数，请核对',
  under: '参评率未过半数',
} as const;

/**
 * One vote type: 发出数 (codes handed out, or the expected voters of a link), 收回数 (formal ballots) and
 * 参评率. A rate above 100 % or not more than half (未超过半数) is a warning, never a success.
 */
function TurnoutLine({ row }: { row: TurnoutRow }) {
  const warning = row.rate_warning;
  return (
    <div className="kp-turnout-row" data-testid={`turnout-${row.vote_type_id}`}>
      <div style={{ display: 'flex', gap: 8, alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography.Text strong>{row.name}</Typography.Text>
        {!row.is_active && <Tag>已停用</Tag>}
        {row.test_mode && <Tag color="orange">试投票</Tag>}
        <CountStageSteps voteType={row} />
        <Typography.Text type="secondary" style={{ marginLeft: 'auto' }}>
          <span>
            发出 {row.issued ?? '—'} · 收回 {row.received}
          </span>
          {/* 收回 = 纸质 + 线上 (issue 16). */}
          <span data-testid={`turnout-sources-${row.vote_type_id}`}>
            （纸质 {row.paper} · 线上 {row.online}）
          </span>
        </Typography.Text>
      </div>
      <Progress
        percent={row.rate === null ? 0 : Math.min(row.rate, 100)}
        format={() => (row.rate === null ? '—' : `${row.rate.toFixed(2)}%`)}
        status="normal"
        strokeColor={warning ? WARNING_COLOR : undefined}
        aria-label={`${row.name}参评率`}
      />
      <div className="kp-turnout-notes">
        {warning && (
          <Typography.Text style={{ color: WARNING_COLOR }} data-warning={warning}>
            {WARNING_TEXT[warning]}
          </Typography.Text>
        )}
        {row.issued === null && (
          <Typography.Text type="secondary">
            {row.access_mode === 'codes' ? '尚未发放测评码' : '未设应到人数'}，无法计算参评率
          </Typography.Text>
        )}
        {row.test_received > 0 && (
          <Typography.Text type="secondary">另有试投票 {row.test_received} 张，不计入结果</Typography.Text>
        )}
        {row.deleted_ballots > 0 && (
          <Typography.Text type="danger" data-testid={`turnout-deleted-${row.vote_type_id}`}>
            {deletedBallotsNote(row.deleted_ballots)}
          </Typography.Text>
        )}
      </div>
    </div>
  );
}

/**
 * Live turnout: per vote type, 发出数, 收回数 and 参评率 (收回 ÷ 发出). An archived round's (`live` false) is
 * its final figures, not refreshed.
 */
export function TurnoutCard({
  query,
  live = true,
}: {
  query: ReturnType<typeof useLiveTurnout>;
  live?: boolean;
}) {
  const { data, error, isLoading } = query;
  return (
    <Card
      size="small"
      title={live ? '实时参评情况' : '参评情况'}
      style={{ marginBottom: 16 }}
      extra={
        live &&
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
          title={`参评情况刷新失败：${errorDetail(error, '网络连接失败')}，稍后自动重试`}
          style={{ marginBottom: data ? 12 : 0 }}
        />
      )}
      {data && data.vote_types.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该单位暂无此类投票类型" />
      )}
      {data && data.vote_types.length > 0 && (
        <div className="kp-turnout">
          {data.vote_types.map((row) => (
            <TurnoutLine key={row.vote_type_id} row={row} />
          ))}
        </div>
      )}
    </Card>
  );
}
