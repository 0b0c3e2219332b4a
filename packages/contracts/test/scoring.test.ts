import { describe, expect, it } from 'vitest';
import type { ScoringAnswers } from '../src/answers';
import {
  aggregateScoring,
  halfUpShares,
  round2,
  roundRatio,
  scoreBallot,
  weightedScore,
} from '../src/scoring';
import type { ScoringFormSchema } from '../src/scoring-schema';
import { companyTemplate } from '../src/templates/company';

// Company template: overall 好40/较好32/一般20/差0; six items 好10/较好8/一般5/差0; reverse 存在 -5.
const schema = companyTemplate.form_schema as ScoringFormSchema;
const ids = schema.evaluationGroups[1].items.map((i) => i.id);
const items = (...values: string[]) => Object.fromEntries(ids.map((id, i) => [id, values[i]!]));

const A: ScoringAnswers = {
  overall: 'good',
  items: items('good', 'good', 'good', 'good', 'good', 'good'),
  reverse: {},
};
// 32 + (10+10+10+8+8+5) - 5 = 78
const B: ScoringAnswers = {
  overall: 'fairly_good',
  items: items('good', 'good', 'good', 'fairly_good', 'fairly_good', 'average'),
  reverse: { formalism: 'present' },
};
// 20 + 6×5 - 5 - 5 = 40
const C: ScoringAnswers = {
  overall: 'average',
  items: items('average', 'average', 'average', 'average', 'average', 'average'),
  reverse: { formalism: 'present', inaction: 'present' },
};

describe('rounding helpers', () => {
  it('roundRatio rounds half away from zero, exactly', () => {
    expect(roundRatio(2, 3)).toBe(0.67);
    expect(roundRatio(-2, 3)).toBe(-0.67);
    expect(roundRatio(1, 8)).toBe(0.13);
    expect(roundRatio(-1, 8)).toBe(-0.13);
    expect(roundRatio(218, 30)).toBe(7.27);
    expect(roundRatio(5, 1, 0)).toBe(5);
  });

  it('round2 absorbs float noise', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(87.875)).toBe(87.88);
    expect(round2(-2.345)).toBe(-2.35);
    expect(round2(0.1 + 0.2)).toBe(0.3);
  });

  it('halfUpShares rounds each exact fraction half up, never nudging one to make 100', () => {
    expect(halfUpShares([1, 1, 1])).toEqual([33.33, 33.33, 33.33]);
    expect(halfUpShares([1, 2])).toEqual([33.33, 66.67]);
    expect(halfUpShares([2, 1, 1, 1, 1, 1])).toEqual([28.57, 14.29, 14.29, 14.29, 14.29, 14.29]);
    expect(halfUpShares([0, 0])).toEqual([0, 0]);
    expect(halfUpShares([3, 0, 1])).toEqual([75, 0, 25]);
    // 3.125 and 9.375 are exact halves: both go up.
    expect(halfUpShares([1, 3, 28])).toEqual([3.13, 9.38, 87.5]);
    // The case found by a user: 5 of 62 is 8.0645…% and shows 8.06 % wherever it stands.
    expect(halfUpShares([5, 5, 52])).toEqual([8.06, 8.06, 83.87]);
    expect(halfUpShares([52, 5, 5])).toEqual([83.87, 8.06, 8.06]);
  });
});

describe('scoreBallot', () => {
  it('sums the chosen options', () => {
    expect(scoreBallot(schema, A)).toBe(100);
    expect(scoreBallot(schema, B)).toBe(78);
    expect(scoreBallot(schema, C)).toBe(40);
  });

  it('adds decimal scores without float noise', () => {
    const s: ScoringFormSchema = structuredClone(schema);
    s.evaluationGroups[1].options[3]!.score = 0.1;
    s.evaluationGroups[0].options[3]!.score = 0.2;
    const ballot = {
      overall: 'poor',
      items: items('poor', 'poor', 'poor', 'poor', 'poor', 'poor'),
      reverse: {},
    };
    expect(scoreBallot(s, ballot)).toBe(0.8);
  });
});

describe('aggregateScoring', () => {
  const agg = aggregateScoring(schema, [A, B, C]);

  it('counts, sums and averages: (100 + 78 + 40) / 3 = 72.67', () => {
    expect(agg).toMatchObject({ count: 3, total: 218, mean: 72.67, min: 40, max: 100 });
  });

  it('shares each overall option; 好评率 is the share of 好', () => {
    expect(agg.overall.map((o) => [o.label, o.count, o.share])).toEqual([
      ['好', 1, 33.33],
      ['较好', 1, 33.33],
      ['一般', 1, 33.33],
      ['差', 0, 0],
    ]);
    expect(agg.good_rate).toBe(33.33);
  });

  it('averages and distributes each item', () => {
    const [first, , , fourth, , sixth] = agg.items;
    expect(first).toMatchObject({ name: '政治素质', answered: 3, mean: 8.33 }); // (10+10+5)/3
    expect(first!.distribution.map((d) => [d.value, d.count, d.share])).toEqual([
      ['good', 2, 66.67],
      ['fairly_good', 0, 0],
      ['average', 1, 33.33],
      ['poor', 0, 0],
    ]);
    expect(fourth).toMatchObject({ name: '作风形象', mean: 7.67 }); // (10+8+5)/3
    expect(sixth).toMatchObject({ name: '党风廉政建设', mean: 6.67 }); // (10+5+5)/3
  });

  it('counts the voters who marked each reverse item', () => {
    expect(agg.reverse.map((r) => [r.id, r.count, r.share])).toEqual([
      ['formalism', 2, 66.67],
      ['eight_rules', 0, 0],
      ['appointment', 0, 0],
      ['inaction', 1, 33.33],
    ]);
    expect(agg.reverse[0]!.options).toEqual([{ value: 'present', label: '存在', count: 2, share: 66.67 }]);
  });

  it('gives nulls and zero shares without ballots', () => {
    const empty = aggregateScoring(schema, []);
    expect(empty).toMatchObject({ count: 0, total: 0, mean: null, min: null, max: null, good_rate: null });
    expect(empty.overall.every((o) => o.share === 0)).toBe(true);
    expect(empty.items[0]!.mean).toBeNull();
  });

  it('takes the top-scored option for 好评率 wherever it stands', () => {
    const s: ScoringFormSchema = structuredClone(schema);
    s.evaluationGroups[0].options.reverse(); // 差 first, 好 last
    const r = aggregateScoring(s, [A, A, B]);
    expect(r.good_rate).toBe(66.67);
  });
});

describe('weightedScore', () => {
  // Vote type 1: 3 ballots, total 218 (mean 72.666…); vote type 2: 1 ballot of 90.
  it('weights the means: (60 × 218/3 + 40 × 90) / 100 = 79.6', () => {
    expect(
      weightedScore([
        { weight: 60, count: 3, total: 218 },
        { weight: 40, count: 1, total: 90 },
      ]),
    ).toBe(79.6);
  });

  it('leaves out vote types without ballots or without weight', () => {
    expect(
      weightedScore([
        { weight: 60, count: 3, total: 218 },
        { weight: 40, count: 1, total: 90 },
        { weight: 50, count: 0, total: 0 },
        { weight: null, count: 2, total: 20 },
      ]),
    ).toBe(79.6);
    expect(
      weightedScore([
        { weight: 1, count: 2, total: 170 },
        { weight: 2, count: 2, total: 181 },
      ]),
    ).toBe(88.67); // (85 + 2 × 90.5) / 3
  });

  it('falls back to the plain mean of all ballots when no weight is set', () => {
    expect(
      weightedScore([
        { weight: 0, count: 3, total: 218 },
        { weight: null, count: 1, total: 90 },
      ]),
    ).toBe(77); // 308 / 4
    expect(weightedScore([{ weight: undefined, count: 3, total: 218 }])).toBe(72.67);
  });

  it('is null without ballots', () => {
    expect(weightedScore([])).toBeNull();
    expect(weightedScore([{ weight: 50, count: 0, total: 0 }])).toBeNull();
  });
});
