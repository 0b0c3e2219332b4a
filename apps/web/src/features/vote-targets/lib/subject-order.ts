import type { EvaluationSubject } from '@kaoping/contracts/evaluation-subject';
import type { ReorderBody } from '@kaoping/contracts/vote-type';

type Ordered = Pick<EvaluationSubject, 'id' | 'sort_order'>;

/**
 * Spec §4: after a drag, evaluation subjects take their index (from 0) as sort_order, and only the
 * rows whose value changes are sent.
 */
export function changedSubjectOrders(rowsInNewOrder: Ordered[]): ReorderBody['items'] {
  return rowsInNewOrder
    .map((row, index) => ({ id: row.id, sort_order: index, before: row.sort_order }))
    .filter((r) => r.sort_order !== r.before)
    .map(({ id, sort_order }) => ({ id, sort_order }));
}

/** The rows with their new index as sort_order, for showing the new order before the server answers. */
export function withIndexOrder<T extends Ordered>(rowsInNewOrder: T[]): T[] {
  return rowsInNewOrder.map((row, index) => ({ ...row, sort_order: index }));
}

/** Spec §4: a new subject goes one above the current maximum; the first one gets 0. */
export function nextSubjectSortOrder(rows: Ordered[]): number {
  return rows.length ? Math.max(...rows.map((r) => r.sort_order)) + 1 : 0;
}
