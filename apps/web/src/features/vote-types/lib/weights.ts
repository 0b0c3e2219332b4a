import { FORM_CATEGORIES, type FormCategory, type VoteType } from '@kaoping/contracts/vote-type';

export interface FamilyWeights {
  category: FormCategory;
  count: number;
  /** Sum of the weights in percent, rounded to two decimals (weights may have decimals). */
  total: number;
  /** True when the family has vote types and their weights do not add up to 100. */
  unbalanced: boolean;
}

/** Weighted results divide by the sum of weights; organisers expect the weights of a family to read as 100%. */
export function familyWeights(voteTypes: Pick<VoteType, 'form_category' | 'weight'>[]): FamilyWeights[] {
  return FORM_CATEGORIES.map((category) => {
    const mine = voteTypes.filter((v) => v.form_category === category);
    const total = Math.round(mine.reduce((sum, v) => sum + v.weight, 0) * 100) / 100;
    return { category, count: mine.length, total, unbalanced: mine.length > 0 && total !== 100 };
  });
}
