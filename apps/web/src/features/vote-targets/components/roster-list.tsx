import { useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Empty, type TableColumnsType } from 'antd';
import { SortableTable } from '@/components/sortable-table';
import { ImportButton } from './import-button';
import { RosterFrame } from './roster-frame';
import type { RosterRowActions } from './roster-columns';
import { useRosterActions, type RosterKind, type RosterRowBase } from './use-roster-actions';

/** What the add/edit dialog of a roster gets. */
export interface RosterFormProps<Row, Fields> {
  open: boolean;
  /** The row to edit; undefined adds a new one. */
  editing?: Row;
  saving: boolean;
  onSubmit: (values: Fields) => void;
  onCancel: () => void;
}

/** What a delete dialog gets, for a roster that asks more than a click before deleting. */
export interface RosterDeleteProps<Row> {
  /** The row about to be deleted; undefined closes the dialog. */
  row?: Row;
  deleting: boolean;
  onConfirm: (row: Row) => void;
  onCancel: () => void;
}

export interface RosterListProps<Row extends RosterRowBase & { name: string }, Fields extends object> {
  kind: RosterKind<Row, Fields>;
  companyId: number;
  query: UseQueryResult<Row[]>;
  /** The line above the list, from its rows. */
  hint: (rows: Row[]) => ReactNode;
  columns: (actions: RosterRowActions<Row>) => TableColumnsType<Row>;
  emptyText: string;
  scrollX: number;
  form: (props: RosterFormProps<Row, Fields>) => ReactNode;
  /** A dialog that confirms a delete; without one the row's own delete control confirms it. */
  confirmDelete?: (props: RosterDeleteProps<Row>) => ReactNode;
}

/** One company's roster (spec screens 9 and 10): hint, import and add, the sortable table, its dialogs. */
export function RosterList<Row extends RosterRowBase & { name: string }, Fields extends object>({
  kind,
  companyId,
  query,
  hint,
  columns,
  emptyText,
  scrollX,
  form,
  confirmDelete,
}: RosterListProps<Row, Fields>) {
  const { data, isLoading, isFetching } = query;
  const rows = data ?? [];
  const actions = useRosterActions(kind, companyId, rows);
  const [dialog, setDialog] = useState<{ open: boolean; editing?: Row }>({ open: false });
  const [deleting, setDeleting] = useState<Row>();

  const submit = async (values: Fields) => {
    if (await actions.save(values, dialog.editing)) setDialog({ open: false });
  };
  const remove = async (row: Row) => {
    if (await actions.remove(row)) setDeleting(undefined);
  };

  return (
    <>
      <RosterFrame
        noun={kind.noun}
        query={query}
        hint={hint(rows)}
        onAdd={() => setDialog({ open: true })}
        importButton={
          <ImportButton
            path={kind.importPath}
            noun={kind.noun}
            companyId={companyId}
            onImported={() => void query.refetch()}
          />
        }
      >
        <SortableTable<Row>
          rows={rows}
          onReorder={actions.reorder}
          dragDisabled={actions.busy === 'reorder'}
          loading={isLoading || (isFetching && actions.busy !== 'reorder')}
          columns={columns({
            onToggle: actions.toggle,
            onEdit: (row) => setDialog({ open: true, editing: row }),
            onDelete: confirmDelete ? setDeleting : (row) => void actions.remove(row),
          })}
          scroll={{ x: scrollX }}
          size="middle"
          locale={{ emptyText: <Empty description={emptyText} /> }}
        />
      </RosterFrame>
      {form({
        open: dialog.open,
        editing: dialog.editing,
        saving: actions.busy === 'save',
        onSubmit: (values) => void submit(values),
        onCancel: () => setDialog({ open: false }),
      })}
      {confirmDelete?.({
        row: deleting,
        deleting: actions.busy === 'delete',
        onConfirm: (row) => void remove(row),
        onCancel: () => setDeleting(undefined),
      })}
    </>
  );
}
