import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { EvaluationSubject } from '@kaoping/contracts/evaluation-subject';
import { Button, Popconfirm, Space, type TableColumnsType } from 'antd';
import { DragHandle } from '@/components/sortable-table';
import { StatusSwitch } from '@/components/status-switch';

/** Spec screen 9: an empty field shows '-'. */
const orDash = (v: string) => (v.trim() ? v : '-');

export interface SubjectColumnActions {
  onToggle: (row: EvaluationSubject, isActive: boolean) => void;
  onEdit: (row: EvaluationSubject) => void;
  onDelete: (row: EvaluationSubject) => void;
}

export function subjectColumns({
  onToggle,
  onEdit,
  onDelete,
}: SubjectColumnActions): TableColumnsType<EvaluationSubject> {
  return [
    { key: 'drag', width: 48, align: 'center', render: (_v, row) => <DragHandle label={row.name} /> },
    { title: '姓名', dataIndex: 'name', width: 120, render: orDash },
    { title: '出生年月', dataIndex: 'birth_date', width: 110, render: orDash },
    { title: '原任职务及任职时间', dataIndex: 'previous_position', render: orDash },
    { title: '现任职务及任职时间', dataIndex: 'current_position', render: orDash },
    {
      title: '状态',
      dataIndex: 'is_active',
      width: 90,
      render: (active: boolean, row) => (
        <StatusSwitch checked={active} label={row.name} onChange={(v) => onToggle(row, v)} />
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
          <Popconfirm
            title="确定要删除该评议对象吗？"
            description={`删除后“${row.name}”将不再出现在评议表中。`}
            okText="删除"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={() => onDelete(row)}
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
