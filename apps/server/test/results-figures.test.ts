// The counts-based figures (what the database counts) must equal contracts' aggregateScoring over the
// same ballots, and the CSV encoding must survive Excel.
import type { ScoringAnswers } from '@kaoping/contracts/answers';
import { aggregateScoring, scoreBallot } from '@kaoping/contracts/scoring';
import type { ScoringFormSchema } from '@kaoping/contracts/scoring-schema';
import { companyTemplate } from '@kaoping/contracts/templates/company';
import { personTemplate } from '@kaoping/contracts/templates/person';
import { describe, expect, it } from 'vitest';
import { emptyBucket, type Bucket } from '../src/modules/figures/figure-counts';
import { mergeBucket, scoringFigures } from '../src/modules/results/appraisal-figures';
import { csvField, csvLine } from '../src/modules/results/export-csv';
import { beijingTime } from '../src/modules/results/export-columns';
import { prng, randomScoring } from './helpers/results-fixtures';

/** What scoringBuckets would count for these ballots, computed the slow way. */
function bucketOf(schema: ScoringFormSchema, ballots: ScoringAnswers[]): Bucket {
  const b = emptyBucket();
  for (const a of ballots) {
    const score = scoreBallot(schema, a);
    b.count += 1;
    b.tenths += Math.round(score * 10);
    b.min = b.min === null ? score : Math.min(b.min, score);
    b.max = b.max === null ? score : Math.max(b.max, score);
    b.overall.set(a.overall, (b.overall.get(a.overall) ?? 0) + 1);
    for (const [id, v] of Object.entries(a.items)) {
      const item = b.items.get(id) ?? { answered: 0, values: new Map<string, number>() };
      item.answered += 1;
      item.values.set(v, (item.values.get(v) ?? 0) + 1);
      b.items.set(id, item);
    }
    for (const [id, v] of Object.entries(a.reverse)) {
      const values = b.reverse.get(id) ?? new Map<string, number>();
      values.set(v, (values.get(v) ?? 0) + 1);
      b.reverse.set(id, values);
    }
  }
  return b;
}

// Two reverse options, so per-option shares are exercised too.
const personSchema: ScoringFormSchema = {
  ...personTemplate.form_schema,
  reverseEvaluation: {
    ...personTemplate.form_schema.reverseEvaluation,
    options: [
      { label: '较轻', value: 'minor', score: -2.5 },
      { label: '严重', value: 'severe', score: -5 },
    ],
  },
};

describe('scoringFigures (from counts) = aggregateScoring (from ballots)', () => {
  for (const [name, schema] of [
    ['company template', companyTemplate.form_schema],
    ['person poll with two reverse options', personSchema],
  ] as const) {
    it(`${name}: random ballots, several sizes`, () => {
      const rnd = prng(name.length * 7919);
      for (const n of [0, 1, 2, 3, 7, 50, 333]) {
        const ballots = Array.from({ length: n }, () => randomScoring(schema, rnd));
        expect(scoringFigures(schema, bucketOf(schema, ballots))).toEqual(aggregateScoring(schema, ballots));
      }
    });
  }

  it('merging buckets equals counting the pooled ballots', () => {
    const rnd = prng(42);
    const schema = companyTemplate.form_schema;
    const a = Array.from({ length: 17 }, () => randomScoring(schema, rnd));
    const b = Array.from({ length: 29 }, () => randomScoring(schema, rnd));
    const merged = mergeBucket(mergeBucket(emptyBucket(), bucketOf(schema, a)), bucketOf(schema, b));
    expect(scoringFigures(schema, merged)).toEqual(aggregateScoring(schema, [...a, ...b]));
  });

  it('an empty bucket has no mean, min, max or 好评率, and zero shares', () => {
    const f = scoringFigures(companyTemplate.form_schema, emptyBucket());
    expect(f).toMatchObject({ count: 0, total: 0, mean: null, min: null, max: null, good_rate: null });
    expect(f.overall.map((o) => o.share)).toEqual([0, 0, 0, 0]);
    expect(f.items.every((i) => i.mean === null && i.answered === 0)).toBe(true);
  });
});

describe('CSV fields', () => {
  it('quotes separators, quotes and line breaks', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('说"好"')).toBe('"说""好"""');
    expect(csvField('一\n二')).toBe('"一\n二"');
    expect(csvField(null)).toBe('');
    expect(csvField(87.5)).toBe('87.5');
    expect(csvField(-5)).toBe('-5');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvLine(['甲', 1, null])).toBe('甲,1,\r\n');
  });

  it('writes times in Beijing time', () => {
    expect(beijingTime(new Date('2025-01-01T01:02:03Z'))).toBe('2025-01-01 09:02:03');
  });
});
