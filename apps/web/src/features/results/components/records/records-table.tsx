import type { FormCategory } from '@kaoping/contracts/vote-type';
import { useBallotRecords, type BallotRecord, type RecordFilterValues } from '../../api/records';
import type { ListState } from '../../lib/list-state';
import { actionsColumn, keyColumn, sourceColumn, voteTypeColumn } from './record-columns';
import type { RecordFamily } from './record-family';
import { ServerTable } from './server-table';

export interface RecordsTableProps<F extends FormCategory> {
  family: RecordFamily<F>;
  companyId: number;
  filters: RecordFilterValues;
  list: ListState;
  onView: (id: number) => void;
  /** Absent on an archived round: nothing can be deleted there. */
  onDelete?: (row: BallotRecord<F>, reason: string) => void;
  /** The empty state's text (see ServerTable). */
  emptyText?: string;
  /** Why a row's ballots may not be deleted by this admin (the vote ended: system admins only). */
  deleteBlocked?: (row: BallotRecord<F>) => string | undefined;
}

/** One row per ballot row (answers on one target, or on one questionnaire), by 随机编号. */
export function RecordsTable<F extends FormCategory>(props: RecordsTableProps<F>) {
  const { family, companyId, filters, list, onView, onDelete, deleteBlocked, emptyText } = props;
  const query = useBallotRecords(family.family, { company_id: companyId, ...filters, ...list.params });
  const { what, figure } = family.recordColumns(list);
  return (
    <ServerTable<BallotRecord<F>>
      rowKey="id"
      query={query}
      errorTitle={family.listError}
      list={list}
      emptyText={emptyText}
      columns={[
        keyColumn<BallotRecord<F>>(list),
        what,
        voteTypeColumn(),
        sourceColumn<BallotRecord<F>>(),
        figure,
        actionsColumn((r) => onView(r.id), onDelete, deleteBlocked),
      ]}
    />
  );
}
