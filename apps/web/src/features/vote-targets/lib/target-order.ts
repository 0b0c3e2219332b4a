import type { ReorderBody } from '@kaoping/contracts/vote-type';
import { APPRAISAL_REORDER_STEP, type VoteTarget } from '@kaoping/contracts/vote-target';

type Ordered = Pick<VoteTarget, 'id' | 'sort_order'>;

/** Spec §4: after a drag every appraisal target gets STEP × (index + 1), all rows sent. */
export function appraisalTargetOrders(rowsInNewOrder: Ordered[]): ReorderBody['items'] {
  return rowsInNewOrder.map((row, index) => ({
    id: row.id,
    sort_order: APPRAISAL_REORDER_STEP * (index + 1),
  }));
}

/** Spec §4: a new appraisal target gets STEP × (count + 1). */
export function nextTargetSortOrder(count: number): number {
  return APPRAISAL_REORDER_STEP * (count + 1);
}
