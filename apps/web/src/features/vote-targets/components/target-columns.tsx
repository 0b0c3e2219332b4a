import { DeleteOutlined } from '@ant-design/icons';
import { POLL_KIND_LABELS } from '@kaoping/contracts/poll-kinds';
import type { VoteTarget } from '@kaoping/contracts/vote-target';
import { Button, Tag, type TableColumnsType } from 'antd';
import { actionsColumn, dragColumn, switchColumn, type RosterRowActions } from './roster-columns';

/** Spec screen 10: name, type tag, title, status tag, switch, edit and delete, drag handle. */
export function targetColumns({
  onToggle,
  onEdit,
  onDelete,
}: RosterRowActions<VoteTarget>): TableColumnsType<VoteTarget> {
  return [
    dragColumn(),
    { title: '名称', dataIndex: 'name', render: (v: string) => v },
    {
      title: '类型',
      dataIndex: 'type',
      width: 80,
      render: (t: VoteTarget['type']) => (
        <Tag color={t === 'company' ? 'blue' : 'purple'}>{POLL_KIND_LABELS[t].short}</Tag>
      ),
    },
    { title: '职务', dataIndex: 'title', render: (v: string) => v || '-' },
    {
      title: '状态',
      dataIndex: 'is_active',
      width: 80,
      render: (active: boolean) => <Tag color={active ? 'green' : 'red'}>{active ? '启用' : '停用'}</Tag>,
    },
    switchColumn('启用', onToggle),
    actionsColumn(onEdit, (row) => (
      <Button size="small" type="link" danger icon={<DeleteOutlined />} onClick={() => onDelete(row)}>
        删除
      </Button>
    )),
  ];
}
