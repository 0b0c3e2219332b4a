import { describe, expect, it } from 'vitest';
import type { CadreAnswers, NewlyPromotedAnswers } from '../src/answers';
import type { CadreFormSchema } from '../src/cadre-schema';
import { aggregateCadre, aggregateNewlyPromoted } from '../src/scoring';
import { cadreTemplate } from '../src/templates/cadre';

describe('aggregateNewlyPromoted', () => {
  const ballots: NewlyPromotedAnswers[] = [
    { subject_5: '认同', subject_9: '不认同', reason: ' 年纪太轻 ' },
    { subject_5: '认同', subject_9: '不认同' },
    { subject_5: '基本认同', subject_9: '认同' },
    { subject_5: '不了解', subject_9: '不了解', reason: '' },
    { subject_5: '不认同', subject_9: '基本认同' },
    { subject_5: '认同', subject_9: '不认同' },
  ];
  const result = aggregateNewlyPromoted([5, 9], ballots);

  it('counts and shares per subject, each share the exact fraction rounded half up', () => {
    expect(result.ballot_count).toBe(6);
    const [s5, s9] = result.subjects;
    // 3/6 = 50; three 1/6 = 16.666… each, all 16.67 (the row adds up to 100.01, which is fine).
    expect(s5).toEqual({
      subject_id: 5,
      count: 6,
      counts: { 认同: 3, 基本认同: 1, 不认同: 1, 不了解: 1 },
      shares: { 认同: 50, 基本认同: 16.67, 不认同: 16.67, 不了解: 16.67 },
      approval_rate: 50,
      approval_or_basic_rate: 66.67,
      flagged: false,
    });
    expect(s9).toMatchObject({
      counts: { 认同: 1, 基本认同: 1, 不认同: 3, 不了解: 1 },
      shares: { 认同: 16.67, 基本认同: 16.67, 不认同: 50, 不了解: 16.67 },
      approval_rate: 16.67,
      // 2/6 = 33.333…: the exact fraction, not the sum of two rounded shares (33.34).
      approval_or_basic_rate: 33.33,
      flagged: true, // 3/6 > 1/3
    });
    expect(result.reasons).toEqual(['年纪太轻']);
  });

  it('flags only strictly above the threshold', () => {
    const third: NewlyPromotedAnswers[] = [
      { subject_1: '不认同' },
      { subject_1: '认同' },
      { subject_1: '认同' },
    ];
    expect(aggregateNewlyPromoted([1], third).subjects[0]!.flagged).toBe(false); // exactly 1/3
    expect(aggregateNewlyPromoted([1], third, 0.3).subjects[0]!.flagged).toBe(true);
    expect(aggregateNewlyPromoted([9], ballots, 0.5).subjects[0]!.flagged).toBe(false); // exactly 1/2
  });

  it('gives zeros for a subject nobody judged', () => {
    expect(aggregateNewlyPromoted([42], ballots).subjects[0]).toMatchObject({
      count: 0,
      shares: { 认同: 0, 基本认同: 0, 不认同: 0, 不了解: 0 },
      approval_rate: 0,
      flagged: false,
    });
  });
});

describe('aggregateCadre', () => {
  const schema = cadreTemplate.form_schema as CadreFormSchema;
  const ballots: CadreAnswers[] = [
    { overall: '好', supervision: '好', problems: ['任人唯亲、拉帮结派'], suggestions: '加强监督' },
    { overall: '较好', supervision: '好', problems: ['任人唯亲、拉帮结派', '跑官要官、说情打招呼'] },
    { overall: '好', supervision: '不了解', problems: ['不存在突出问题'], suggestions: '  ' },
  ];
  const result = aggregateCadre(schema, ballots);
  const byId = (id: string) => result.questions.find((q) => q.id === id)!;
  const counts = (id: string) => byId(id).options.map((o) => [o.option, o.count, o.share]);

  it('shares single choices among the answers', () => {
    expect(result.ballot_count).toBe(3);
    expect(counts('overall')).toEqual([
      ['好', 2, 66.67],
      ['较好', 1, 33.33],
      ['一般', 0, 0],
      ['差', 0, 0],
      ['不了解', 0, 0],
    ]);
    expect(counts('supervision')).toEqual([
      ['好', 2, 66.67],
      ['较好', 0, 0],
      ['一般', 0, 0],
      ['差', 0, 0],
      ['不了解', 1, 33.33],
    ]);
  });

  it('shares multiple choices among all voters', () => {
    expect(counts('problems')).toEqual([
      ['选人用人把关不严、质量不高', 0, 0],
      ['选人用人“个人说了算”', 0, 0],
      ['任人唯亲、拉帮结派', 2, 66.67],
      ['跑官要官、说情打招呼', 1, 33.33],
      ['执行干部选拔任用政策规定不严格', 0, 0],
      ['不存在突出问题', 1, 33.33],
    ]);
  });

  it('lists the text answers, blanks left out', () => {
    expect(byId('suggestions')).toMatchObject({
      type: 'text_area',
      answered: 1,
      texts: ['加强监督'],
      options: [],
    });
  });
});
