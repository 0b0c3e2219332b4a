import { APPRAISAL_REORDER_STEP } from '@kaoping/contracts/vote-target';

type Ordered = { id: number; sort_order: number };

/** Spec §4: after a drag every appraisal target gets STEP × (index + 1), all rows sent. */
export function appraisalTargetOrders(rowsInNewOrder: Ordered[]): { id: number; sort_order: number }[] {
  return rowsInNewOrder.map((row, index) => ({
    id: row.id,
    sort_order: APPRAISAL_REORDER_STEP * (index + 1),
  }));
}

/** Spec §4: a new appraisal target gets STEP × (count + 1). */
export function nextTargetSortOrder(count: number): number {
  return APPRAISAL_REORDER_STEP * (count + 1);
}
