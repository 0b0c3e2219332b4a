import { DeleteOutlined } from '@ant-design/icons';
import type { EvaluationSubject } from '@kaoping/contracts/evaluation-subject';
import { Button, Popconfirm, type TableColumnsType } from 'antd';
import { actionsColumn, dragColumn, switchColumn, type RosterRowActions } from './roster-columns';

/** Spec screen 9: an empty field shows '-'. */
const orDash = (v: string) => (v.trim() ? v : '-');

/** Spec screen 9: name, birth date, both positions, status switch, edit and delete, drag handle. */
export function subjectColumns({
  onToggle,
  onEdit,
  onDelete,
}: RosterRowActions<EvaluationSubject>): TableColumnsType<EvaluationSubject> {
  return [
    dragColumn(),
    { title: '姓名', dataIndex: 'name', width: 120, render: orDash },
    { title: '出生年月', dataIndex: 'birth_date', width: 110, render: orDash },
    { title: '原任职务及任职时间', dataIndex: 'previous_position', render: orDash },
    { title: '现任职务及任职时间', dataIndex: 'current_position', render: orDash },
    switchColumn('状态', onToggle),
    actionsColumn(onEdit, (row) => (
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
    )),
  ];
}
