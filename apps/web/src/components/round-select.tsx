import { useEffect, useRef } from 'react';
import { ROUND_STATE_LABELS, type RoundState } from '@kaoping/contracts/rounds';
import { App, Select, Tag } from 'antd';
import { useCurrentRound, useRounds } from '@/api/rounds';

interface RoundOption {
  value: number;
  label: string;
  state: RoundState;
}

export interface RoundSelectProps {
  companyId: number | undefined;
  /** The round in the address; undefined = the current round. */
  value: number | undefined;
  /** undefined = back to the current round. */
  onChange: (id: number | undefined) => void;
}

/**
 * The round (测评批次) selector beside the company selector of the results and records pages: the
 * current round by default, archived rounds to look back. A round that is not the unit's (an old link)
 * is dropped with a warning.
 */
export function RoundSelect({ companyId, value, onChange }: RoundSelectProps) {
  const { message } = App.useApp();
  const { data, isLoading, isError } = useRounds(companyId);
  const current = data?.items.find((r) => r.state === 'current');
  const unknown = data !== undefined && value !== undefined && !data.items.some((r) => r.id === value);

  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  useEffect(() => {
    if (!unknown) return;
    message.warning('所选测评批次不属于该单位，已显示当前批次');
    onChangeRef.current(undefined);
  }, [unknown, message]);

  return (
    <Select<number, RoundOption>
      aria-label="选择测评批次"
      disabled={companyId === undefined}
      value={unknown ? current?.id : (value ?? current?.id)}
      onChange={(v) => onChange(v === current?.id ? undefined : v)}
      placeholder={isError ? '测评批次加载失败' : '当前批次'}
      loading={isLoading}
      status={isError ? 'error' : undefined}
      options={data?.items.map((r) => ({
        value: r.id,
        label: r.name,
        state: r.state,
      }))}
      optionRender={(o) => (
        <span>
          {o.label}
          <Tag color={o.data.state === 'current' ? 'blue' : undefined} style={{ marginLeft: 8 }}>
            {ROUND_STATE_LABELS[o.data.state]}
          </Tag>
        </span>
      )}
      labelRender={({ label, value: v }) => (
        <span>
          {label}
          {v !== undefined && v !== current?.id && <span style={{ color: '#8c8c8c' }}>（已归档）</span>}
        </span>
      )}
      style={{ width: 200, maxWidth: '100%' }}
    />
  );
}

/** The current round's name on a setup page: what every edit there changes. */
export function CurrentRoundTag({ companyId }: { companyId: number | undefined }) {
  const round = useCurrentRound(companyId);
  if (!round) return null;
  return (
    <Tag color="blue" style={{ marginInlineEnd: 0 }} data-testid="current-round">
      当前批次：{round.name}
    </Tag>
  );
}
