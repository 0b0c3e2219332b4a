import { CopyOutlined, DeleteOutlined, EditOutlined, QrcodeOutlined } from '@ant-design/icons';
import type { VoteType } from '@kaoping/contracts/vote-type';
import { Button, Popconfirm, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { StatusSwitch } from '@/components/status-switch';
import { windowState } from '../lib/vote-type-form';

/** The absolute voter address of a vote type, as printed in its QR code. */
export const publicUrl = (v: VoteType) => `${window.location.origin}${v.public_path}`;

export interface VoteTypeColumnActions {
  onToggle: (row: VoteType, isActive: boolean) => void;
  onEdit: (row: VoteType) => void;
  onDelete: (row: VoteType) => void;
  onCopy: (url: string) => void;
  onQr: (row: VoteType) => void;
}

const fmt = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '');
const WINDOW_TAG = {
  pending: <Tag color="default">未开始</Tag>,
  open: <Tag color="green">进行中</Tag>,
  closed: <Tag color="orange">已结束</Tag>,
};

function VoteWindow({ v }: { v: VoteType }) {
  if (!v.opens_at && !v.closes_at) return <Typography.Text type="secondary">不限</Typography.Text>;
  return (
    <Space orientation="vertical" size={0}>
      <span>{WINDOW_TAG[windowState(v)]}</span>
      <Typography.Text style={{ fontSize: 12 }}>
        {fmt(v.opens_at) || '不限'} 至 {fmt(v.closes_at) || '不限'}
      </Typography.Text>
    </Space>
  );
}

export function voteTypeColumns(a: VoteTypeColumnActions): TableColumnsType<VoteType> {
  return [
    {
      title: '名称',
      dataIndex: 'name',
      render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
    },
    { title: '权重', dataIndex: 'weight', width: 80, render: (w: number) => `${w}%` },
    { title: '投票时间', key: 'window', width: 180, render: (_v, row) => <VoteWindow v={row} /> },
    { title: '应到人数', dataIndex: 'expected_voters', width: 90, render: (n: number | null) => n ?? '-' },
    {
      title: '公开结果',
      dataIndex: 'results_public',
      width: 90,
      render: (p: boolean) => (p ? '公开' : '不公开'),
    },
    {
      title: '状态',
      dataIndex: 'is_active',
      width: 90,
      render: (on: boolean, row) => (
        <StatusSwitch checked={on} label={row.name} onChange={(v) => a.onToggle(row, v)} />
      ),
    },
    {
      title: '投票链接',
      key: 'link',
      width: 260,
      render: (_v, row) => (
        <Space size={4} wrap>
          <Typography.Link href={row.public_path} target="_blank" ellipsis style={{ maxWidth: 150 }}>
            {publicUrl(row)}
          </Typography.Link>
          <Tooltip title="复制链接">
            <Button
              size="small"
              icon={<CopyOutlined />}
              aria-label={`复制链接：${row.name}`}
              onClick={() => a.onCopy(publicUrl(row))}
            />
          </Tooltip>
          <Tooltip title="二维码">
            <Button
              size="small"
              icon={<QrcodeOutlined />}
              aria-label={`二维码：${row.name}`}
              onClick={() => a.onQr(row)}
            />
          </Tooltip>
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_v, row) => (
        <Space size={4}>
          <Button size="small" type="link" icon={<EditOutlined />} onClick={() => a.onEdit(row)}>
            编辑
          </Button>
          <Popconfirm
            title={`确定删除“${row.name}”吗？`}
            description="其封面、封底将一并删除；已有投票的需先进入高级模式，投票记录也会删除。"
            okText="删除"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={() => a.onDelete(row)}
          >
            <Button size="small" type="link" danger icon={<DeleteOutlined />}>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
}
