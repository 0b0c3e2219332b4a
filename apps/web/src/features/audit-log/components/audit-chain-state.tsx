import { useState } from 'react';
import { LoadingOutlined } from '@ant-design/icons';
import type { AuditVerify } from '@kaoping/contracts/audit-log';
import { Alert, Button, Typography } from 'antd';
import { LoadError } from '@/components/load-error';
import type { useAuditChain } from '../api/audit-log';

const time = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false });
const SOURCE = { database: '存于数据库', file: '存于数据文件夹', both: '存于数据库和数据文件夹' } as const;
/** Problems shown before 展开全部. */
const FIRST = 5;

/** The newest anchor the check used: when, and (for the whole chain) how many rows it counted. */
function anchorLine(v: AuditVerify) {
  if (!v.anchor) return '尚无锚点：审计日志有变化时，每分钟记一次锚点。';
  const count = v.anchor.row_count === null ? '' : ` · 共 ${v.anchor.row_count} 条记录`;
  return `最近锚点：${time(v.anchor.created_at)}${count} · ${SOURCE[v.anchor.source]}`;
}

function title(v: AuditVerify) {
  if (!v.intact) return `审计链发现 ${v.problem_count} 处问题`;
  if (v.checked === 0) return v.scope === 'units' ? '您所管单位还没有审计记录' : '审计日志还没有记录';
  return v.scope === 'units' ? '您所管单位的审计记录完整' : '审计链完整';
}

/**
 * The chain's state on 审计日志: 完整 or each problem the server named (which row, what is wrong), and the
 * last anchor (time, row count). A unit admin's check covers its own units' rows only, and says so.
 */
export function AuditChainState({ chain }: { chain: ReturnType<typeof useAuditChain> }) {
  const [all, setAll] = useState(false);
  if (chain.isPending) {
    return (
      <Alert
        style={{ marginBottom: 12 }}
        type="info"
        showIcon
        icon={<LoadingOutlined />}
        title="正在逐条核对审计链…"
        description="核对每条记录的 MAC 与前后链接，并与最近的锚点比对。"
      />
    );
  }
  if (chain.isError) {
    return (
      <div style={{ marginBottom: 12 }}>
        <LoadError title="审计链核验失败" error={chain.error} onRetry={() => void chain.refetch()} />
      </div>
    );
  }
  const v = chain.data;
  const shown = all ? v.problems : v.problems.slice(0, FIRST);
  const unlisted = v.problem_count - shown.length;
  return (
    <Alert
      style={{ marginBottom: 12 }}
      type={v.intact ? (v.checked === 0 ? 'info' : 'success') : 'error'}
      showIcon
      title={title(v)}
      description={
        <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }} aria-live="polite">
          {v.intact && v.checked > 0 && (
            <div>
              已逐条核对{v.scope === 'units' ? '您所管单位的' : '全部'} {v.checked} 条记录的 MAC 与前后链接。
            </div>
          )}
          {!v.intact && (
            <ol aria-label="审计链问题" style={{ margin: 0, paddingInlineStart: 20 }}>
              {shown.map((p, n) => (
                <li key={n} style={{ overflowWrap: 'anywhere' }}>
                  {p.detail}
                </li>
              ))}
            </ol>
          )}
          {!v.intact && unlisted > 0 && (
            <div>
              {all || v.problems.length <= FIRST ? (
                `另有 ${unlisted} 处问题未列出`
              ) : (
                <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setAll(true)}>
                  展开其余 {v.problems.length - shown.length} 处
                  {v.problem_count > v.problems.length
                    ? `（另有 ${v.problem_count - v.problems.length} 处未列出）`
                    : ''}
                </Button>
              )}
            </div>
          )}
          <Typography.Text type="secondary">{anchorLine(v)}</Typography.Text>
          {v.scope === 'units' && (
            <Typography.Text type="secondary">
              只核验您所管单位的记录；整条链（含记录是否被整条删除）由系统管理员或监督员核验。
            </Typography.Text>
          )}
        </div>
      }
    />
  );
}
