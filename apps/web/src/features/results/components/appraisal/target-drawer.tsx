import { useState } from 'react';
import type { TargetResult } from '@kaoping/contracts/target-results';
import type { TurnoutRow } from '@kaoping/contracts/turnout';
import { Descriptions, Drawer, Grid, Segmented } from 'antd';
import { formatScore } from '@/lib/format';
import { AggregateView } from './aggregate-view';
import { TargetHistoryBlock } from './target-history';

export interface TargetDrawerProps {
  target: TargetResult | undefined;
  voteTypes: readonly TurnoutRow[];
  reverseTitle: string;
  onClose: () => void;
}

/** Drill-down of one target: all vote types pooled, or one vote type at a time. */
export function TargetDrawer({ target, voteTypes, reverseTitle, onClose }: TargetDrawerProps) {
  const screens = Grid.useBreakpoint();
  return (
    <Drawer
      open={target !== undefined}
      onClose={onClose}
      size={screens.md ? 760 : '100%'}
      title={target ? `${target.name} · 测评明细` : '测评明细'}
      destroyOnHidden
    >
      {target && (
        <TargetDetail
          key={target.target_id}
          target={target}
          voteTypes={voteTypes}
          reverseTitle={reverseTitle}
        />
      )}
    </Drawer>
  );
}

function TargetDetail({
  target,
  voteTypes,
  reverseTitle,
}: Omit<TargetDrawerProps, 'onClose' | 'target'> & { target: TargetResult }) {
  const [view, setView] = useState('all');
  const withBallots = voteTypes.filter((vt) =>
    target.by_vote_type.some((b) => b.vote_type_id === vt.vote_type_id && b.count > 0),
  );
  const agg = target.by_vote_type.find((b) => String(b.vote_type_id) === view) ?? target.combined;
  return (
    <>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 3 }}
        items={[
          { key: 'title', label: '职务', children: target.title || '—' },
          { key: 'score', label: '加权得分', children: formatScore(target.weighted_score) },
          { key: 'rank', label: '排名', children: target.rank ?? '—' },
        ]}
        style={{ marginBottom: 12 }}
      />
      <TargetHistoryBlock target={target} />
      {withBallots.length > 1 && (
        <div style={{ overflowX: 'auto', marginBottom: 16 }}>
          <Segmented
            value={view}
            onChange={setView}
            options={[
              { value: 'all', label: '全部' },
              ...withBallots.map((vt) => ({ value: String(vt.vote_type_id), label: vt.name })),
            ]}
          />
        </div>
      )}
      <AggregateView agg={agg} reverseTitle={reverseTitle} />
    </>
  );
}
