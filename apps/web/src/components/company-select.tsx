import { useEffect, useRef } from 'react';
import { App, Select } from 'antd';
import { useAllCompanies } from '@/api/companies';

/** Width of the company selector at the top of admin pages (spec §9). */
export const COMPANY_SELECT_WIDTH = 400;

/** The warning of a page that shows nothing until a unit is chosen. */
export const NO_COMPANY_WARNING = '请先在页面顶部选择单位';

export interface CompanySelectProps {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  placeholder?: string;
}

/** Searchable (by name), clearable company selector used at the top of every management page. */
export function CompanySelect({ value, onChange, placeholder = '请选择单位' }: CompanySelectProps) {
  const { message } = App.useApp();
  const { data, isLoading, isError, isFetching, dataUpdatedAt, refetch } = useAllCompanies();

  // A company from an old link or from memory that was deleted since: drop it and ask for another. The
  // list may be a cached one from before the company was created elsewhere, so it is fetched again
  // first; only a fresh list without the company drops it.
  const complete = data !== undefined && data.items.length >= data.total;
  const unknown = complete && value !== undefined && !data.items.some((c) => c.id === value);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  const asked = useRef<{ value: number; at: number }>(undefined);
  const warnedFor = useRef<number>(undefined);
  // Checked after every render, not once: the page may write the stale company back into the address
  // (from memory) a moment later, and it must be dropped again. The warning shows once per company.
  useEffect(() => {
    if (!unknown || isFetching) return;
    if (asked.current?.value !== value) {
      asked.current = { value, at: Date.now() };
      void refetch();
      return;
    }
    if (dataUpdatedAt < asked.current.at) return;
    if (warnedFor.current !== value) {
      warnedFor.current = value;
      message.warning('所选单位已不存在，请重新选择单位');
    }
    onChangeRef.current(undefined);
  });

  return (
    <Select<number>
      aria-label="选择单位"
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      value={unknown ? undefined : value}
      onChange={(v) => onChange(v ?? undefined)}
      placeholder={isError ? '单位列表加载失败，请刷新重试' : placeholder}
      loading={isLoading}
      status={isError ? 'error' : undefined}
      notFoundContent={isLoading ? '加载中…' : '没有匹配的单位'}
      options={data?.items.map((c) => ({ value: c.id, label: c.name }))}
      style={{ width: COMPANY_SELECT_WIDTH, maxWidth: '100%' }}
    />
  );
}
