import { useState } from 'react';
import { App, Button, Card, Empty, Popconfirm, Select, Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { AdminTable } from '@/components/admin-table';
import { LoadError } from '@/components/load-error';
import { errorDetail } from '@/lib/api-client';
import { useRefreshPaper, useSheets, withdrawSheet } from '../api/paper-sheets';
import { isTalk, sheetName } from '../lib/sheet-key';
import {
  PAPER_SHEET_STATE_LABELS,
  type PaperForm,
  type PaperSheetState,
  type PaperSheetSummary,
} from '@kaoping/contracts/paper-ballots';
import { ConflictView, type DescribeEntry } from './conflict-view';

const STATE_COLOR: Record<PaperSheetState, string> = {
  counted: 'success',
  pending: 'processing',
  conflict: 'error',
};

export interface SheetsListProps {
  form: PaperForm;
  /** The cells of an entry, for the side-by-side view of a conflict. */
  describe: DescribeEntry;
  onCorrect: (key: string, label: string) => void;
  onSettle: (key: string, label: string) => void;
}

/**
 * The sheets keyed for the vote type, newest first: correct, withdraw, and settle a conflict. For
 * 谈话调研推荐 the talk records, by 谈话序号.
 */
export function SheetsList({ form, describe, onCorrect, onSettle }: SheetsListProps) {
  const { message } = App.useApp();
  const [state, setState] = useState<PaperSheetState>();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [viewing, setViewing] = useState<PaperSheetSummary>();
  const query = useSheets(form.vote_type_id, { state, page, page_size: pageSize });
  const refresh = useRefreshPaper(form.vote_type_id);
  const editable = form.ready;
  const talk = isTalk(form);
  const name = (row: PaperSheetSummary) => sheetName(form, row);

  const withdraw = async (row: PaperSheetSummary) => {
    try {
      await withdrawSheet(form.vote_type_id, row.key);
      message.success(`已撤回 ${name(row)}`);
    } catch (err) {
      message.error(errorDetail(err, '撤回失败，请重试'));
    } finally {
      refresh();
    }
  };

  const columns: TableColumnsType<PaperSheetSummary> = [
    {
      title: form.access_mode === 'codes' ? '测评码' : talk ? '谈话序号' : '编号',
      dataIndex: 'label',
      className: 'kp-pe-label',
      render: (_l: string, row) => (talk ? row.key : row.label),
    },
    {
      title: '状态',
      dataIndex: 'state',
      render: (s: PaperSheetState) => <Tag color={STATE_COLOR[s]}>{PAPER_SHEET_STATE_LABELS[s]}</Tag>,
    },
    ...(talk ? [] : [{ title: '录入次数', dataIndex: 'entries', width: 88 }]),
    {
      title: '录入时间',
      dataIndex: 'entered_at',
      render: (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: '操作',
      key: 'actions',
      render: (_v, row) => (
        <Space size={0}>
          {row.state === 'conflict' && (
            <Button type="link" size="small" onClick={() => setViewing(row)}>
              核对
            </Button>
          )}
          {row.state === 'counted' && editable && (
            <Button type="link" size="small" onClick={() => onCorrect(row.key, name(row))}>
              更正
            </Button>
          )}
          {editable && (
            <Popconfirm
              title={`撤回 ${name(row)}？`}
              description={
                talk
                  ? '已计入的谈话记录将删除；可用同一谈话序号重新录入。'
                  : '已计入的选票将删除，测评码恢复为未使用；可重新录入。'
              }
              okText="撤回"
              okButtonProps={{ danger: true }}
              cancelText="取消"
              onConfirm={() => withdraw(row)}
            >
              <Button type="link" size="small" danger>
                撤回
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      size="small"
      className="kp-pe-card"
      title={`已录入的${talk ? '谈话记录' : '纸质票'}${query.data ? `（${query.data.total}）` : ''}`}
      extra={
        !talk && (
          <Select<PaperSheetState | 'all'>
            aria-label="按状态筛选"
            size="small"
            style={{ width: 150 }}
            value={state ?? 'all'}
            onChange={(v) => {
              setState(v === 'all' ? undefined : v);
              setPage(1);
            }}
            options={[
              { value: 'all', label: '全部状态' },
              { value: 'conflict', label: PAPER_SHEET_STATE_LABELS.conflict },
              { value: 'pending', label: PAPER_SHEET_STATE_LABELS.pending },
              { value: 'counted', label: PAPER_SHEET_STATE_LABELS.counted },
            ]}
          />
        )
      }
    >
      {query.isError && !query.data ? (
        <LoadError
          title={`获取已录入的${talk ? '谈话记录' : '纸质票'}失败`}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <AdminTable<PaperSheetSummary>
          rowKey="id"
          size="small"
          loading={query.isFetching && !query.data}
          dataSource={query.data?.items ?? []}
          columns={columns}
          locale={{
            emptyText: (
              <Empty
                description={
                  state
                    ? `没有该状态的${talk ? '谈话记录' : '纸质票'}`
                    : talk
                      ? '尚未录入谈话记录'
                      : '尚未录入纸质票'
                }
              />
            ),
          }}
          pagination={{
            current: page,
            pageSize,
            total: query.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [20, 50, 100],
            hideOnSinglePage: true,
            onChange: (p, size) => {
              setPage(size === pageSize ? p : 1);
              setPageSize(size);
            },
          }}
        />
      )}
      <ConflictView
        voteTypeId={form.vote_type_id}
        describe={describe}
        sheet={viewing}
        name={name}
        onClose={() => setViewing(undefined)}
        onRekey={() => {
          if (viewing) onSettle(viewing.key, name(viewing));
          setViewing(undefined);
        }}
      />
    </Card>
  );
}
