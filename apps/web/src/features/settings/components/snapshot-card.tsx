import { DatabaseOutlined } from '@ant-design/icons';
import { SNAPSHOTS_OFF, type SnapshotStatusView } from '@kaoping/contracts/snapshots';
import { Alert, Card, Descriptions, Skeleton, Typography } from 'antd';
import { LoadError } from '@/components/load-error';
import { useSnapshotStatus } from '../api/snapshot-status';

const REASON: Record<NonNullable<SnapshotStatusView['last_reason']>, string> = {
  timer: '定时',
  close: '结束投票时',
  stop: '停止服务时',
  backup: '运行中备份',
};

const time = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false });

function age(seconds: number) {
  if (seconds < 60) return `${seconds} 秒前`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} 分钟前`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} 小时前`;
  return `${Math.floor(seconds / 86_400)} 天前`;
}

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;

/** 运行中快照: where and when the server copies the embedded database while it runs (issue 28). */
export function SnapshotCard() {
  const query = useSnapshotStatus();
  return (
    <Card
      title={
        <span>
          <DatabaseOutlined /> 运行中快照
        </span>
      }
      style={{ maxWidth: 760, marginTop: 16 }}
    >
      {query.isLoading && <Skeleton active paragraph={{ rows: 3 }} title={false} />}
      {query.isError && !query.data && (
        <LoadError title="获取快照状态失败" error={query.error} onRetry={() => void query.refetch()} />
      )}
      {query.data && <SnapshotDetails s={query.data} />}
    </Card>
  );
}

function SnapshotDetails({ s }: { s: SnapshotStatusView }) {
  if (s.mode === 'postgres') {
    return (
      <Alert
        type="info"
        showIcon
        title="使用 PostgreSQL 数据库：本系统不做快照"
        description="数据库的备份由数据库管理员负责（pg_dump、流复制等），见部署文档 docs/DEPLOY.md。"
      />
    );
  }
  if (s.mode === 'disabled') {
    return (
      <Alert
        type="error"
        showIcon
        title={SNAPSHOTS_OFF.title}
        description={`服务不会定时、在结束投票或停止服务时写快照，笔记本电脑损坏时投票数据无处恢复。${SNAPSHOTS_OFF.action}。`}
      />
    );
  }
  if (s.mode === 'off') {
    return (
      <Alert
        type="warning"
        showIcon
        title="本服务进程没有开启快照"
        description="用 npm start 启动的服务会自动开启快照；请检查启动方式。"
      />
    );
  }
  const every = s.interval_seconds
    ? `每 ${s.interval_seconds} 秒（测试设置）`
    : s.interval_minutes > 0
      ? `每 ${s.interval_minutes} 分钟`
      : '不定时（SNAPSHOT_MINUTES=0）';
  return (
    <>
      <Typography.Paragraph type="secondary">
        服务运行时把数据库复制到快照文件夹（可以是 U 盘），{every}
        一次，每次结束投票和停止服务时再各一次，保留最近 {s.keep}{' '}
        份。本机故障时，备用笔记本用最新的快照恢复即可接管，最多丢失一个间隔内的选票（见部署文档“备用笔记本接管”）。
      </Typography.Paragraph>
      {s.last_error && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={`快照失败（${time(s.last_error.at)}）`}
          description={s.last_error.message}
        />
      )}
      {!s.last_file && !s.last_error && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="还没有快照"
          description={
            s.next_due_at
              ? `第一份快照将在 ${time(s.next_due_at)} 写入。`
              : '结束投票或停止服务时写入第一份快照。'
          }
        />
      )}
      <Descriptions
        column={1}
        size="small"
        bordered
        styles={{ label: { width: 132 } }}
        items={[
          {
            key: 'dir',
            label: '快照文件夹',
            children: (
              <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
                {s.dir}
              </Typography.Text>
            ),
          },
          {
            key: 'last',
            label: '最近一次',
            children:
              s.last_at && s.last_age_seconds !== null ? (
                <span>
                  {time(s.last_at)}（{age(s.last_age_seconds)}
                  {s.last_reason ? `，${REASON[s.last_reason]}` : ''}）
                </span>
              ) : (
                '—'
              ),
          },
          {
            key: 'file',
            label: '文件',
            children: s.last_file ? (
              <span style={{ wordBreak: 'break-all' }}>
                {s.last_file}
                {s.last_bytes !== null && `（${size(s.last_bytes)}`}
                {s.last_ballots !== null && `，${s.last_ballots} 份选票记录，已校验`}
                {s.last_bytes !== null && '）'}
              </span>
            ) : (
              '—'
            ),
          },
          { key: 'next', label: '下一次', children: s.next_due_at ? time(s.next_due_at) : '—' },
          { key: 'count', label: '文件夹中的快照', children: `${s.count} 份` },
        ]}
      />
    </>
  );
}
