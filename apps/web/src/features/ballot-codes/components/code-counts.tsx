import type { CodeCounts as Counts } from '@kaoping/contracts/ballot-codes-api';
import { Card, Statistic, Tooltip, Typography } from 'antd';

/**
 * 发出 / 已使用 / 未使用 / 已作废 of one vote type. Counts only: which ballot a code cast is stored
 * nowhere, so it can be shown nowhere.
 */
export function CodeCounts({ counts }: { counts?: Counts }) {
  const n = (v: number | undefined) => v ?? '-';
  return (
    <Card size="small" className="kp-codes-card" title="测评码统计" loading={!counts}>
      <div className="kp-codes-counts" data-testid="code-counts">
        <Tooltip title="已使用 + 未使用 + 结束时收回的测评码：计算参评率的发出数">
          <Statistic title="发出数" value={n(counts?.handed_out)} />
        </Tooltip>
        <Statistic title="已使用" value={n(counts?.used)} styles={{ content: { color: '#389e0d' } }} />
        <Statistic title="未使用" value={n(counts?.unused)} styles={{ content: { color: '#1677ff' } }} />
        <Statistic title="已作废" value={n(counts?.voided)} styles={{ content: { color: '#8c8c8c' } }} />
      </div>
      {counts && (
        <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0', fontSize: 13 }}>
          {`共生成 ${counts.issued} 个，分 ${counts.batches} 批；已作废中含结束投票时收回 ${counts.recalled} 个、试投票用过 ${counts.used_in_test} 个。`}
          系统只统计数量，不记录任何测评码投了哪张选票。
        </Typography.Paragraph>
      )}
    </Card>
  );
}
