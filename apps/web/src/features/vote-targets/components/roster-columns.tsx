import { EditOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Button, Space, type TableColumnType } from 'antd';
import { DragHandle } from '@/components/sortable-table';
import { StatusSwitch } from '@/components/status-switch';

/** What a row of either roster list can ask for. */
export interface RosterRowActions<T> {
  onToggle: (row: T, isActive: boolean) => void;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
}

interface RosterRow {
  name: string;
  is_active: boolean;
}

/** The handle that drags a row to its new place. */
export const dragColumn = <T extends RosterRow>(): TableColumnType<T> => ({
  key: 'drag',
  width: 48,
  align: 'center',
  render: (_v, row) => <DragHandle label={row.name} />,
});

/** The enable/disable switch of a row. */
export const switchColumn = <T extends RosterRow>(
  title: string,
  onToggle: RosterRowActions<T>['onToggle'],
): TableColumnType<T> => ({
  title,
  key: 'switch',
  width: 90,
  render: (_v, row) => (
    <StatusSwitch checked={row.is_active} label={row.name} onChange={(v) => onToggle(row, v)} />
  ),
});

/** 编辑, then the list's own delete control (a confirmation, or a dialog that asks for more). */
export const actionsColumn = <T extends RosterRow>(
  onEdit: RosterRowActions<T>['onEdit'],
  deleteControl: (row: T) => ReactNode,
): TableColumnType<T> => ({
  title: '操作',
  key: 'actions',
  width: 170,
  render: (_v, row) => (
    <Space size={4}>
      <Button size="small" type="link" icon={<EditOutlined />} onClick={() => onEdit(row)}>
        编辑
      </Button>
      {deleteControl(row)}
    </Space>
  ),
});
