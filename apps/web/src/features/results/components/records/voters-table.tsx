import type { VoterResult } from '@kaoping/contracts/records';
import type { FormCategory } from '@kaoping/contracts/vote-type';
import { useVoterResults, type RecordFilterValues } from '../../api/records';
import type { ListState } from '../../lib/list-state';
import { actionsColumn, keyColumn, sourceColumn, voteTypeColumn } from './record-columns';
import type { RecordFamily } from './record-family';
import { ServerTable } from './server-table';

export interface VotersTableProps<F extends FormCategory> {
  family: RecordFamily<F>;
  companyId: number;
  filters: RecordFilterValues;
  list: ListState;
  onView: (row: VoterResult) => void;
  /** Absent on an archived round: nothing can be deleted there. */
  onDelete?: (row: VoterResult, reason: string) => void;
  /** The empty state's text (see ServerTable). */
  emptyText?: string;
  /** Why a row's ballots may not be deleted by this admin (the vote ended: system admins only). */
  deleteBlocked?: (row: VoterResult) => string | undefined;
}

/** One row per whole ballot (随机编号): vote type, how many answered, and the family's figure (each target's score). */
export function VotersTable<F extends FormCategory>(props: VotersTableProps<F>) {
  const { family, companyId, filters, list, onView, onDelete, deleteBlocked, emptyText } = props;
  const query = useVoterResults(family.family, {
    company_id: companyId,
    vote_type_id: filters.vote_type_id,
    voter_key: filters.voter_key,
    round_id: filters.round_id,
    ...list.params,
  });
  return (
    <ServerTable<VoterResult>
      rowKey="voter_key"
      query={query}
      errorTitle="获取投票人列表失败"
      list={list}
      emptyText={emptyText}
      columns={[
        keyColumn<VoterResult>(list),
        voteTypeColumn(),
        sourceColumn<VoterResult>(),
        { title: '答卷数', dataIndex: 'ballot_count', align: 'right', responsive: ['md'] },
        ...(family.voterFigure ? [family.voterFigure(list)] : []),
        actionsColumn(onView, onDelete, deleteBlocked),
      ]}
    />
  );
}
