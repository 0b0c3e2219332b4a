import { screen } from '@testing-library/react';
import type { SnapshotStatusView } from '@kaoping/contracts/snapshots';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SnapshotCard } from '@/features/settings/components/snapshot-card';
import { mockFetch, renderAdmin } from './render';

afterEach(() => vi.restoreAllMocks());

const STATUS: SnapshotStatusView = {
  enabled: true,
  mode: 'pglite',
  dir: '/srv/kaoping/data/snapshots',
  interval_minutes: 5,
  interval_seconds: null,
  keep: 24,
  last_file: null,
  last_at: null,
  last_age_seconds: null,
  last_bytes: null,
  last_reason: null,
  last_ballots: null,
  last_hold_ms: null,
  last_duration_ms: null,
  next_due_at: null,
  last_error: null,
  count: 0,
};

function show(status: SnapshotStatusView) {
  mockFetch({ 'GET /api/v1/admin/settings/snapshots': () => ({ body: status }) });
  renderAdmin(<SnapshotCard />, '/admin/settings');
}

describe('系统设置 › 运行中快照', () => {
  it('says in red that automatic snapshots are off (SNAPSHOTS=off), and what to do', async () => {
    show({ ...STATUS, enabled: false, mode: 'disabled', interval_minutes: 0 });
    expect(await screen.findByText('自动快照已关闭（SNAPSHOTS=off）')).toBeInTheDocument();
    const alert = screen.getByText('自动快照已关闭（SNAPSHOTS=off）').closest('.ant-alert')!;
    expect(alert).toHaveClass('ant-alert-error');
    expect(alert).toHaveTextContent('npm run backup -- 文件名');
  });

  it('describes the schedule when they are on', async () => {
    show(STATUS);
    expect(await screen.findByText(/每 5 分钟/)).toBeInTheDocument();
    expect(screen.queryByText(/自动快照已关闭/)).toBeNull();
  });
});
