import { useEffect, useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { CODE_STATE_LABELS, formatCode, type ListedCodeState } from '@kaoping/contracts/ballot-codes';
import type { CodeItem, CodeList, CodeListQuery } from '@kaoping/contracts/ballot-codes-api';
import type { VoteType } from '@kaoping/contracts/vote-type';
import { App, Button, Card, Popconfirm, Segmented, Select, Table, Tag, Typography } from 'antd';
import { errorDetail } from '@/lib/api-client';
import { useCodeMutations } from '../api/codes';

const STATE_COLOR: Record<ListedCodeState, string> = {
  unused: 'blue',
  used: 'green',
  voided: 'default',
  issued: 'cyan',
};
type Filter = ListedCodeState | 'all';
/**
 * The states a filter can pick: while the vote is open (投票中, formal) a code not voided is listed as
 * 已发放, used or not (decision 0041); otherwise each code with its state.
 */
const FILTERS = {
  open: ['all', 'issued', 'voided'],
  listed: ['all', 'unused', 'used', 'voided'],
} as const satisfies Record<string, readonly Filter[]>;

export interface CodesTableProps {
  voteType: VoteType;
  query: UseQueryResult<CodeList>;
  params: Partial<CodeListQuery>;
  onParams: (p: Partial<CodeListQuery>) => void;
}

/**
 * The codes, paged on the server, filtered by state and batch, ordered by the code (random); unused ones (or,
 * while the vote is open, 已发放 ones: the server refuses a used one) can be selected and voided.
 */
export function CodesTable({ voteType, query, params, onParams }: CodesTableProps) {
  const { message, modal } = App.useApp();
  const { void: voidMutation } = useCodeMutations(voteType);
  const [selected, setSelected] = useState<string[]>([]);
  const data = query.data;
  const limit = params.limit ?? 50;
  const filter: Filter = params.state ?? 'all';
  const open = data !== undefined && !data.used_listed;
  const filters: readonly Filter[] = open ? FILTERS.open : FILTERS.listed;
  // A state the list no longer shows (the vote ended, or was reopened) falls back to all.
  const stale = data !== undefined && !filters.includes(filter);
  useEffect(() => {
    if (stale) onParams({ ...params, state: undefined, skip: 0 });
  }, [stale, params, onParams]);

  const voidThese = async (body: { codes: string[] } | { all_unused: true }) => {
    try {
      const { voided } = await voidMutation.mutateAsync(body);
      message.success(`已作废 ${voided} 个测评码`);
      setSelected([]);
    } catch (err) {
      message.error(errorDetail(err, '作废失败，请重试'));
    }
  };

  const voidAll = () =>
    modal.confirm({
      title: `作废全部 ${data?.unused ?? 0} 个未使用的测评码？`,
      content:
        '作废后这些测评码不能再投票，已发出的纸条随之失效；已使用的测评码和已投的选票不受影响。此操作不可撤销。',
      okText: '全部作废',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => voidThese({ all_unused: true }),
    });

  const count = (s: Filter) => {
    if (!data) return '';
    return ` ${s === 'all' ? data.issued : s === 'issued' ? data.issued - data.voided : data[s]}`;
  };
  return (
    <Card size="small" className="kp-codes-card" title="测评码列表">
      <div className="kp-codes-toolbar">
        <Segmented<Filter>
          value={filter}
          options={filters.map((s) => ({
            value: s,
            label: `${s === 'all' ? '全部' : CODE_STATE_LABELS[s]}${count(s)}`,
          }))}
          onChange={(s) => onParams({ ...params, state: s === 'all' ? undefined : s, skip: 0 })}
        />
        <Select<number | 'all'>
          aria-label="批次"
          value={params.batch ?? 'all'}
          style={{ width: 120 }}
          options={[
            { value: 'all' as const, label: '全部批次' },
            ...Array.from({ length: data?.batches ?? 0 }, (_, i) => ({
              value: i + 1,
              label: `第 ${i + 1} 批`,
            })),
          ]}
          onChange={(b) => onParams({ ...params, batch: b === 'all' ? undefined : b, skip: 0 })}
        />
        <span style={{ marginLeft: 'auto', display: 'inline-flex', gap: 8, flexWrap: 'wrap' }}>
          <Popconfirm
            title={`作废选中的 ${selected.length} 个测评码？`}
            description={`作废后不能再用于投票，此操作不可撤销。${open ? '已使用的测评码不能作废。' : ''}`}
            okText="作废"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            disabled={selected.length === 0}
            onConfirm={() => voidThese({ codes: selected })}
          >
            <Button danger disabled={selected.length === 0}>
              作废选中{selected.length ? `（${selected.length}）` : ''}
            </Button>
          </Popconfirm>
          <Button danger disabled={!data?.unused} onClick={voidAll}>
            作废全部未使用
          </Button>
        </span>
      </div>
      <Table<CodeItem>
        rowKey="code"
        size="small"
        loading={query.isFetching}
        dataSource={data?.items ?? []}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys as string[]),
          getCheckboxProps: (r) => ({
            disabled: r.state !== 'unused' && r.state !== 'issued',
            'aria-label': `选择 ${r.code}`,
          }),
        }}
        columns={[
          {
            title: '测评码',
            dataIndex: 'code',
            render: (c: string) => (
              <Typography.Text className="kp-codes-code" copyable={{ text: c }}>
                {formatCode(c.replace(/-/g, ''))}
              </Typography.Text>
            ),
          },
          {
            title: '批次',
            dataIndex: 'batch',
            width: 90,
            render: (b: number) => <span style={{ whiteSpace: 'nowrap' }}>第 {b} 批</span>,
          },
          {
            title: '状态',
            dataIndex: 'state',
            width: 90,
            render: (s: ListedCodeState) => <Tag color={STATE_COLOR[s]}>{CODE_STATE_LABELS[s]}</Tag>,
          },
        ]}
        pagination={{
          current: Math.floor((params.skip ?? 0) / limit) + 1,
          pageSize: limit,
          total: data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [20, 50, 100, 200],
          showTotal: (t) => `共 ${t} 个`,
          onChange: (page, size) => onParams({ ...params, skip: (page - 1) * size, limit: size }),
        }}
        locale={{ emptyText: data && data.issued === 0 ? '尚未发放测评码' : '没有符合条件的测评码' }}
      />
    </Card>
  );
}
