import { Select } from 'antd';
import { useAllCompanies } from '@/api/companies';

/** Width of the company selector at the top of admin pages (spec §9). */
export const COMPANY_SELECT_WIDTH = 400;

export interface CompanySelectProps {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  placeholder?: string;
}

/** Searchable (by name), clearable company selector used at the top of every management page. */
export function CompanySelect({ value, onChange, placeholder = '请选择单位' }: CompanySelectProps) {
  const { data, isLoading, isError } = useAllCompanies();
  return (
    <Select<number>
      aria-label="选择单位"
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      value={value}
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
