import { useState } from 'react';
import { DownloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { auditActionLabel } from '@kaoping/contracts/audit-labels';
import type { AuditEntry } from '@kaoping/contracts/audit-log';
import { ROLE_LABELS } from '@kaoping/contracts/auth';
import { App, Button, DatePicker, Grid, Select, Space, Typography, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useAllCompanies } from '@/api/companies';
import { AdminTable } from '@/components/admin-table';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { downloadAdminFile } from '@/lib/admin-download';
import { errorDetail } from '@/lib/api-client';
import { useAuditChain, useAuditLog, type AuditFilters } from '../api/audit-log';
import { AuditChainState } from './audit-chain-state';

const time = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false });
const who = (r: AuditEntry) => `${r.username}${r.role ? `（${ROLE_LABELS[r.role]}）` : ''}`;
const unit = (r: AuditEntry) => r.company_name ?? (r.company_id ? `#${r.company_id}` : '—');

const WIDE: TableColumnsType<AuditEntry> = [
  { title: '时间', dataIndex: 'created_at', render: time, width: 150 },
  { title: '用户', key: 'user', width: 140, render: (_, r) => who(r) },
  { title: '操作', dataIndex: 'action_label', width: 130 },
  { title: '单位', key: 'unit', width: 120, render: (_, r) => unit(r) },
  { title: '对象', dataIndex: 'object_type_label', width: 90, render: (t: string | null) => t ?? '—' },
  { title: '摘要', dataIndex: 'summary_text' },
];

/** On a phone one column: what was done and its summary first, who, where and when below. */
const NARROW: TableColumnsType<AuditEntry> = [
  {
    title: '记录',
    key: 'entry',
    render: (_, r) => (
      <div style={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography.Text strong>{r.action_label}</Typography.Text>
        <div>{r.summary_text}</div>
        <Typography.Text type="secondary">
          {[time(r.created_at), who(r), r.company_name ?? '', r.object_type_label ?? '']
            .filter(Boolean)
            .map((part, n) => (
              <span key={n}>
                {n > 0 && <span aria-hidden="true"> · </span>}
                <span>{part}</span>
              </span>
            ))}
        </Typography.Text>
      </div>
    ),
  },
];

/** The filter's actions by their Chinese names, in the order of those names. */
const actionOptions = (actions: string[]) =>
  actions
    .map((a) => ({ value: a, label: auditActionLabel(a) }))
    .sort((a, b) => a.label.localeCompare(b.label, 'zh-CN'));

/**
 * 审计日志 (/admin/audit-log): the chain's state and last anchor (checked on opening and on 校验完整性), every
 * admin write, filtered and paged, and the Excel export.
 */
export default function AuditLogPage() {
  const { message } = App.useApp();
  const [filters, setFilters] = useState<AuditFilters>({});
  const [page, setPage] = useState({ skip: 0, limit: 20 });
  const query = useAuditLog(filters, page);
  const chain = useAuditChain();
  const narrow = !(Grid.useBreakpoint().md ?? true);
  const companies = useAllCompanies();
  const [exporting, setExporting] = useState(false);

  const set = (patch: AuditFilters) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage((p) => ({ ...p, skip: 0 }));
  };
  const range = (v: [Dayjs | null, Dayjs | null] | null) =>
    set({ from: v?.[0]?.startOf('day').toISOString(), to: v?.[1]?.endOf('day').toISOString() });

  const exportXlsx = async () => {
    setExporting(true);
    try {
      await downloadAdminFile('/admin/audit-log/export.xlsx', { ...filters }, '审计日志.xlsx');
    } catch (err) {
      message.error(errorDetail(err, '导出失败'));
    } finally {
      setExporting(false);
    }
  };

  const data = query.data;
  return (
    <>
      <PageHeader
        title="审计日志"
        extra={
          <>
            <Button
              icon={<SafetyCertificateOutlined />}
              loading={chain.isFetching}
              onClick={() => void chain.refetch()}
            >
              校验完整性
            </Button>
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportXlsx()}>
              导出 Excel
            </Button>
          </>
        }
      >
        <Space wrap>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="全部单位"
            style={{ width: 200 }}
            options={(companies.data?.items ?? []).map((c) => ({ value: c.id, label: c.name }))}
            onChange={(v?: number) => set({ company_id: v })}
          />
          <Select
            allowClear
            placeholder="全部用户"
            style={{ width: 160 }}
            options={(data?.users ?? []).map((u) => ({ value: u.id ?? 0, label: u.username }))}
            onChange={(v?: number) => set({ user_id: v || undefined })}
          />
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="全部操作"
            aria-label="操作"
            style={{ width: 220 }}
            options={actionOptions(data?.actions ?? [])}
            onChange={(v?: string) => set({ action: v })}
          />
          <DatePicker.RangePicker onChange={(v) => range(v as [Dayjs | null, Dayjs | null] | null)} />
        </Space>
      </PageHeader>
      <AuditChainState chain={chain} />
      {query.isError && !data && (
        <LoadError title="获取审计日志失败" error={query.error} onRetry={() => void query.refetch()} />
      )}
      <AdminTable<AuditEntry>
        rowKey="id"
        loading={query.isFetching}
        dataSource={data?.items ?? []}
        // The summary takes what the other columns leave and wraps: no sideways scroll at 1366 px.
        scroll={{ x: narrow ? undefined : 900 }}
        pagination={{
          current: page.skip / page.limit + 1,
          pageSize: page.limit,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (n) => `共 ${n} 条`,
          onChange: (current, pageSize) => setPage({ skip: (current - 1) * pageSize, limit: pageSize }),
        }}
        columns={narrow ? NARROW : WIDE}
      />
    </>
  );
}
