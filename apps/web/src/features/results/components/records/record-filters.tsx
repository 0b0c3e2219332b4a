import { useState } from 'react';
import type { FormCategory } from '@kaoping/contracts/vote-type';
import { Input, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { getTurnout } from '@/api/turnout';
import { useVoteTypes } from '@/api/vote-types';
import { BALLOT_SOURCE_LABELS, type BallotSource } from '@kaoping/contracts/paper-ballots';
import type { RecordFilterValues } from '../../api/records';
import type { RecordFamily } from './record-family';

export interface RecordFiltersProps<F extends FormCategory> {
  family: RecordFamily<F>;
  companyId: number;
  value: RecordFilterValues;
  onChange: (next: RecordFilterValues) => void;
  /** The per-voter view filters by vote type and 随机编号 only. */
  perVoter: boolean;
}

/**
 * The vote types to filter by: the current round's from the shared list; an earlier round's from its
 * turnout (the vote types list is always the current round's).
 */
function useRoundVoteTypes(companyId: number, family: FormCategory, roundId: number | undefined) {
  const current = useVoteTypes(roundId === undefined ? companyId : undefined, family);
  const earlier = useQuery({
    queryKey: ['results', 'turnout', companyId, family, roundId ?? 'current'],
    queryFn: () => getTurnout(companyId, family, roundId),
    enabled: roundId !== undefined,
  });
  if (roundId === undefined) {
    return { ...current, data: current.data?.map((vt) => ({ value: vt.id, label: vt.name })) };
  }
  return {
    ...earlier,
    data: earlier.data?.vote_types.map((vt) => ({ value: vt.vote_type_id, label: vt.name })),
  };
}

/**
 * Filters of the records: vote type, the family's own filter, source, 随机编号. Ballots keep no time, and
 * nothing a voter holds (browser id, code, receipt) is a filter (issue 26).
 */
export function RecordFilters<F extends FormCategory>(props: RecordFiltersProps<F>) {
  const { family, companyId, value, onChange, perVoter } = props;
  const voteTypes = useRoundVoteTypes(companyId, family.family, value.round_id);
  const [key, setKey] = useState(value.voter_key ?? '');
  const set = (patch: RecordFilterValues) => onChange({ ...value, ...patch });
  return (
    <div className="kp-filters">
      <Select<number>
        aria-label="按投票类型筛选"
        placeholder="全部投票类型"
        allowClear
        loading={voteTypes.isLoading}
        value={value.vote_type_id}
        onChange={(v) => set({ vote_type_id: v ?? undefined })}
        options={voteTypes.data}
        notFoundContent={voteTypes.isError ? '投票类型加载失败' : '暂无投票类型'}
      />
      {!perVoter && <family.Filter companyId={companyId} value={value} set={set} />}
      {!perVoter && (
        <Select<BallotSource>
          aria-label="按来源筛选"
          placeholder="全部来源"
          allowClear
          value={value.source}
          onChange={(v) => set({ source: v ?? undefined })}
          options={(['paper', 'online'] as const).map((value) => ({
            value,
            label: BALLOT_SOURCE_LABELS[value],
          }))}
        />
      )}
      <Input.Search
        aria-label="按随机编号筛选"
        placeholder="随机编号"
        allowClear
        value={key}
        onChange={(e) => {
          setKey(e.target.value);
          if (!e.target.value) set({ voter_key: undefined });
        }}
        onSearch={(v) => set({ voter_key: v.trim() || undefined })}
      />
    </div>
  );
}
