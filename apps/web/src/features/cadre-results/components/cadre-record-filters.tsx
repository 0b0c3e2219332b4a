import { useState } from 'react';
import { DatePicker, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { useEvaluationVoteTypes } from '../api/statistics';

export type PollKind = 'cadre' | 'newly_promoted';

export const POLL_KIND_LABELS: Record<PollKind, string> = {
  cadre: '选人用人工作评议',
  newly_promoted: '新提拔干部评议',
};

export interface CadreFilterValues {
  vote_type_id?: number;
  poll_kind?: PollKind;
  voter_identifier?: string;
  from?: string;
  to?: string;
}

export interface CadreRecordFiltersProps {
  companyId: number;
  value: CadreFilterValues;
  onChange: (next: CadreFilterValues) => void;
  /** The per-voter view filters by vote type and voter only. */
  perVoter: boolean;
}

/** Filters of the 民主评议 records: vote type, questionnaire, voter, time range. */
export function CadreRecordFilters({ companyId, value, onChange, perVoter }: CadreRecordFiltersProps) {
  const voteTypes = useEvaluationVoteTypes(companyId);
  const [voter, setVoter] = useState(value.voter_identifier ?? '');
  const set = (patch: CadreFilterValues) => onChange({ ...value, ...patch });
  return (
    <div className="kp-filters">
      <Select<number>
        aria-label="按投票类型筛选"
        placeholder="全部投票类型"
        allowClear
        loading={voteTypes.isLoading}
        value={value.vote_type_id}
        onChange={(v) => set({ vote_type_id: v ?? undefined })}
        options={voteTypes.data?.map((vt) => ({ value: vt.id, label: vt.name }))}
        notFoundContent={voteTypes.isError ? '投票类型加载失败' : '暂无投票类型'}
      />
      {!perVoter && (
        <Select<PollKind>
          aria-label="按问卷筛选"
          placeholder="全部问卷"
          allowClear
          value={value.poll_kind}
          onChange={(v) => set({ poll_kind: v ?? undefined })}
          options={(Object.keys(POLL_KIND_LABELS) as PollKind[]).map((k) => ({
            value: k,
            label: POLL_KIND_LABELS[k],
          }))}
        />
      )}
      <Input.Search
        aria-label="按投票人标识筛选"
        placeholder="投票人标识"
        allowClear
        value={voter}
        onChange={(e) => {
          setVoter(e.target.value);
          if (!e.target.value) set({ voter_identifier: undefined });
        }}
        onSearch={(v) => set({ voter_identifier: v.trim() || undefined })}
      />
      {!perVoter && (
        <DatePicker.RangePicker
          className="kp-filters-range"
          aria-label="按投票时间筛选"
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          placeholder={['开始时间', '结束时间']}
          allowEmpty={[true, true]}
          value={[value.from ? dayjs(value.from) : null, value.to ? dayjs(value.to) : null]}
          onChange={(range) =>
            set({ from: range?.[0]?.toISOString() ?? undefined, to: range?.[1]?.toISOString() ?? undefined })
          }
        />
      )}
    </div>
  );
}
