import { createContext, useContext, useMemo, type CSSProperties, type HTMLAttributes } from 'react';
import { HolderOutlined } from '@ant-design/icons';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
  type Modifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, type TableProps } from 'antd';
import { AdminTable } from './admin-table';

type SortableBits = Pick<ReturnType<typeof useSortable>, 'setActivatorNodeRef' | 'listeners'>;
const RowContext = createContext<Partial<SortableBits>>({});

/** The grip a row is dragged by (mouse, touch, or Space + arrow keys). Put it in a column's render. */
export function DragHandle({ label }: { label: string }) {
  const { setActivatorNodeRef, listeners } = useContext(RowContext);
  return (
    <Button
      type="text"
      size="small"
      icon={<HolderOutlined />}
      aria-label={`拖动排序：${label}`}
      style={{ cursor: 'grab', touchAction: 'none' }}
      ref={setActivatorNodeRef}
      {...listeners}
    />
  );
}

function SortableRow(props: HTMLAttributes<HTMLTableRowElement> & { 'data-row-key': number }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: props['data-row-key'] });
  const style: CSSProperties = {
    ...props.style,
    transform: CSS.Translate.toString(transform),
    transition,
    ...(isDragging ? { position: 'relative', zIndex: 10, background: '#fff8f6' } : {}),
  };
  const ctx = useMemo(() => ({ setActivatorNodeRef, listeners }), [setActivatorNodeRef, listeners]);
  // attributes carry role="button"; the row itself is not the control, the handle is.
  const { role: _role, tabIndex: _tabIndex, ...rowAttributes } = attributes;
  return (
    <RowContext.Provider value={ctx}>
      <tr {...props} ref={setNodeRef} style={style} {...rowAttributes} />
    </RowContext.Provider>
  );
}

// Rows only move up and down (@dnd-kit/modifiers is not a dependency; this is its one-liner).
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

// dnd-kit announces drags to screen readers in English unless told otherwise.
const accessibility = {
  screenReaderInstructions: {
    draggable: '按空格键拿起该行，用上下方向键移动，再按空格键放下，按 Esc 取消。',
  },
  announcements: {
    onDragStart: () => '已拿起该行',
    onDragOver: () => '正在移动',
    onDragEnd: () => '已放下该行',
    onDragCancel: () => '已取消移动',
  },
};

export interface SortableTableProps<T extends { id: number }> extends Omit<TableProps<T>, 'dataSource'> {
  rows: T[];
  /** Called with the rows in their new order after a drag that moved something. */
  onReorder: (next: T[]) => void;
  /** Drags are refused while a previous order is being saved. */
  dragDisabled?: boolean;
}

/** An antd Table whose rows are reordered by dragging the DragHandle of a row (@dnd-kit sortable). */
export function SortableTable<T extends { id: number }>({
  rows,
  onReorder,
  dragDisabled,
  components,
  ...tableProps
}: SortableTableProps<T>) {
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = rows.findIndex((r) => r.id === active.id);
    const to = rows.findIndex((r) => r.id === over.id);
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(rows, from, to));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[verticalOnly]}
      onDragEnd={onDragEnd}
      accessibility={accessibility}
    >
      <SortableContext
        items={rows.map((r) => r.id)}
        strategy={verticalListSortingStrategy}
        disabled={dragDisabled}
      >
        <AdminTable<T>
          rowKey="id"
          pagination={false}
          {...tableProps}
          dataSource={rows}
          // The empty placeholder row is rendered by the same component and has no key to sort by.
          components={
            rows.length ? { ...components, body: { ...components?.body, row: SortableRow } } : components
          }
        />
      </SortableContext>
    </DndContext>
  );
}
