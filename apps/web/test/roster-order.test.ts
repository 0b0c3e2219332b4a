import { arrayMove } from '@dnd-kit/sortable';
import { describe, expect, it } from 'vitest';
import {
  changedSubjectOrders,
  nextSubjectSortOrder,
  withIndexOrder,
} from '@/features/vote-targets/lib/subject-order';
import { appraisalTargetOrders, nextTargetSortOrder } from '@/features/vote-targets/lib/target-order';
import { qrFileName } from '@/features/vote-types/lib/qr-png';
import { familyWeights } from '@/features/vote-types/lib/weights';

const rows = (...orders: number[]) => orders.map((sort_order, i) => ({ id: i + 1, sort_order }));

describe('evaluation subject order (index from 0, only changed rows)', () => {
  it('sends every row that moved when the last goes to the top', () => {
    const next = arrayMove(rows(0, 1, 2), 2, 0);
    expect(changedSubjectOrders(next)).toEqual([
      { id: 3, sort_order: 0 },
      { id: 1, sort_order: 1 },
      { id: 2, sort_order: 2 },
    ]);
  });

  it('leaves out rows whose index did not change', () => {
    const next = arrayMove(rows(0, 1, 2, 3), 1, 2);
    expect(changedSubjectOrders(next)).toEqual([
      { id: 3, sort_order: 1 },
      { id: 2, sort_order: 2 },
    ]);
  });

  it('repairs gaps and duplicates left by older data', () => {
    expect(changedSubjectOrders(rows(0, 0, 5))).toEqual([
      { id: 2, sort_order: 1 },
      { id: 3, sort_order: 2 },
    ]);
    expect(changedSubjectOrders(rows(0, 1, 2))).toEqual([]);
    expect(withIndexOrder(rows(4, 9)).map((r) => r.sort_order)).toEqual([0, 1]);
  });

  it('puts a new subject one above the maximum, the first at 0', () => {
    expect(nextSubjectSortOrder([])).toBe(0);
    expect(nextSubjectSortOrder(rows(0, 7, 3))).toBe(8);
  });
});

describe('appraisal target order (10 × (index + 1), every row)', () => {
  it('renumbers every row after a drag', () => {
    const next = arrayMove(rows(10, 20, 30), 2, 0);
    expect(appraisalTargetOrders(next)).toEqual([
      { id: 3, sort_order: 10 },
      { id: 1, sort_order: 20 },
      { id: 2, sort_order: 30 },
    ]);
    // Even rows that kept their place are sent, with the step applied.
    expect(appraisalTargetOrders(rows(5, 6))).toEqual([
      { id: 1, sort_order: 10 },
      { id: 2, sort_order: 20 },
    ]);
  });

  it('gives a new target 10 × (count + 1)', () => {
    expect(nextTargetSortOrder(0)).toBe(10);
    expect(nextTargetSortOrder(3)).toBe(40);
  });
});

describe('vote type helpers', () => {
  it('flags a family whose weights do not add up to 100', () => {
    const [appraisal, evaluation] = familyWeights([
      { form_category: 'democratic_appraisal', weight: 40 },
      { form_category: 'democratic_appraisal', weight: 40.5 },
      { form_category: 'democratic_evaluation', weight: 100 },
    ]);
    expect(appraisal).toEqual({ category: 'democratic_appraisal', count: 2, total: 80.5, unbalanced: true });
    expect(evaluation?.unbalanced).toBe(false);
    // A family without vote types has nothing to warn about.
    expect(familyWeights([]).every((f) => !f.unbalanced)).toBe(true);
    // Decimal weights that add up to 100 are not flagged by floating point noise.
    const thirds = [33.3, 33.3, 33.4].map((weight) => ({
      form_category: 'democratic_appraisal' as const,
      weight,
    }));
    expect(familyWeights(thirds)[0]?.unbalanced).toBe(false);
  });

  it('names the QR code file after the company and the vote type', () => {
    expect(qrFileName('华北电力', '中层干部')).toBe('华北电力-中层干部.png');
    expect(qrFileName('A/B 公司', '职工:代表')).toBe('A_B_公司-职工_代表.png');
    expect(qrFileName(undefined, '班子成员')).toBe('班子成员.png');
  });
});
