import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { TARGET_TYPE_LABELS, type VoteTarget } from '@kaoping/contracts/vote-target';
import { Button, Space, Tag, type TableColumnsType } from 'antd';
import { DragHandle } from '@/components/sortable-table';
import { StatusSwitch } from '@/components/status-switch';

export interface TargetColumnActions {
  onToggle: (row: VoteTarget, isActive: boolean) => void;
  onEdit: (row: VoteTarget) => void;
  onDelete: (row: VoteTarget) => void;
}

/** Spec screen 10: name, type tag, title, status tag, switch, edit and delete, drag handle. */
export function targetColumns({
  onToggle,
  onEdit,
  onDelete,
}: TargetColumnActions): TableColumnsType<VoteTarget> {
  return [
    { key: 'drag', width: 48, align: 'center', render: (_v, row) => <DragHandle label={row.name} /> },
    { title: '名称', dataIndex: 'name', render: (v: string) => v },
    {
      title: '类型',
      dataIndex: 'type',
      width: 80,
      render: (t: VoteTarget['type']) => (
        <Tag color={t === 'company' ? 'blue' : 'purple'}>{TARGET_TYPE_LABELS[t]}</Tag>
      ),
    },
    { title: '职务', dataIndex: 'title', render: (v: string) => v || '-' },
    {
      title: '状态',
      dataIndex: 'is_active',
      width: 80,
      render: (active: boolean) => <Tag color={active ? 'green' : 'red'}>{active ? '启用' : '停用'}</Tag>,
    },
    {
      title: '启用',
      key: 'switch',
      width: 90,
      render: (_v, row) => (
        <StatusSwitch checked={row.is_active} label={row.name} onChange={(v) => onToggle(row, v)} />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      render: (_v, row) => (
        <Space size={4}>
          <Button size="small" type="link" icon={<EditOutlined />} onClick={() => onEdit(row)}>
            编辑
          </Button>
          <Button size="small" type="link" danger icon={<DeleteOutlined />} onClick={() => onDelete(row)}>
            删除
          </Button>
        </Space>
      ),
    },
  ];
}
