import { describe, expect, it } from 'vitest';
import { cadreFormSchema } from '../src/cadre-schema';
import { competitionRanks, rankOrder } from '../src/ranking';
import { scoringFormSchema } from '../src/scoring-schema';
import { appraisalRows, appraisalSection, rateLabels, type AppraisalCounts } from '../src/summary-appraisal';
import { cadreOverallQuestion, cadreSummaryOf, newlyPromotedSummaryOf } from '../src/summary-evaluation';
import {
  DEFAULT_THRESHOLDS,
  flagReasons,
  flagsOf,
  summaryThresholdsBody,
  thresholdPercent,
} from '../src/summary-thresholds';
import { personTemplate } from '../src/templates/person';

const schema = scoringFormSchema.parse(personTemplate.form_schema);
const [E, C, B, I] = ['excellent', 'competent', 'basically_competent', 'incompetent'];
const counts = (overall: Record<string, number>): AppraisalCounts => ({
  voters: Object.values(overall).reduce((a, b) => a + b, 0),
  tenths: 0,
  overall,
  items: {},
  reverse: {},
});
const groups = [
  { vote_type_id: 1, name: '班子成员', weight: 60 },
  { vote_type_id: 2, name: '中层干部', weight: 40 },
];

describe('thresholds and flags', () => {
  it('flags strictly past a threshold, never on it', () => {
    expect(flagsOf(2 / 3, 1 / 3, DEFAULT_THRESHOLDS)).toEqual({ top_two_low: false, bottom_high: false });
    expect(flagsOf((2 * 3) / 9, 3 / 9, DEFAULT_THRESHOLDS)).toEqual({
      top_two_low: false,
      bottom_high: false,
    });
    expect(flagsOf(0.6666, 0.3334, DEFAULT_THRESHOLDS)).toEqual({ top_two_low: true, bottom_high: true });
    expect(flagsOf(null, null, DEFAULT_THRESHOLDS)).toEqual({ top_two_low: false, bottom_high: false });
  });

  it('names the reasons with the thresholds as percent', () => {
    expect(thresholdPercent(2 / 3)).toBe('66.67%');
    expect(thresholdPercent(0.5)).toBe('50%');
    expect(flagReasons({ top_two_low: true, bottom_high: true }, DEFAULT_THRESHOLDS)).toEqual([
      '称职及以上率低于 66.67%',
      '不称职率高于 33.33%',
    ]);
  });

  it('refuses thresholds outside 0-1 and a top-two threshold below the bottom one, in Chinese', () => {
    const err = (body: unknown) => summaryThresholdsBody.safeParse(body).error?.issues.map((i) => i.message);
    expect(err({ flag_top_two_min: 1.01, flag_bottom_max: 0.3 })).toEqual(['阈值必须在 0 到 1 之间']);
    expect(err({ flag_top_two_min: 0.5, flag_bottom_max: -0.01 })).toEqual(['阈值必须在 0 到 1 之间']);
    expect(err({ flag_top_two_min: 0.3, flag_bottom_max: 0.31 })).toEqual([
      '称职及以上率阈值不能低于不称职率阈值',
    ]);
    expect(err({ flag_top_two_min: 0.5, flag_bottom_max: 0.5 })).toBeUndefined();
    expect(err({ flag_top_two_min: 0.5, flag_bottom_max: 0.5, extra: 1 })).toHaveLength(1);
  });
});

describe('appraisal rows', () => {
  it('shows 5 of 62 as 8.06 % in the group, total and weighted rows alike', () => {
    const rows = appraisalRows(schema, groups.slice(0, 1), [counts({ [E]: 57, [I]: 5 })], DEFAULT_THRESHOLDS);
    for (const r of rows) {
      expect(r.grades[3]!.share).toBe(8.06);
      expect(r.grades[0]!.share).toBe(91.94);
      expect(r.bottom_rate).toBe(8.06);
    }
  });

  it('weights each group by its weight over the groups with voters, and counts none in that row', () => {
    const rows = appraisalRows(
      schema,
      groups,
      [counts({ [E]: 1, [I]: 2 }), counts({ [C]: 1, [I]: 1 })],
      DEFAULT_THRESHOLDS,
    );
    const w = rows[3]!;
    expect(w.label).toBe('加权合计');
    expect(w.grades).toEqual([
      { count: null, share: 20 },
      { count: null, share: 20 },
      { count: null, share: 0 },
      { count: null, share: 60 },
    ]);
    expect(w.flags).toEqual({ top_two_low: true, bottom_high: true });
    // The total row: 1, 1, 0, 3 of 5.
    expect(rows[2]!.grades.map((g) => g.share)).toEqual([20, 20, 0, 60]);
  });

  it('is the total when no group has a weight, and empty rows have no rates and no flags', () => {
    const unweighted = groups.map((g) => ({ ...g, weight: 0 }));
    const rows = appraisalRows(schema, unweighted, [counts({ [B]: 2 }), undefined], DEFAULT_THRESHOLDS);
    expect(rows[3]!.grades.map((g) => g.share)).toEqual(rows[2]!.grades.map((g) => g.share));
    expect(rows[1]!).toMatchObject({ voters: 0, top_two_rate: null, score: null });
    expect(rows[1]!.flags).toEqual({ top_two_low: false, bottom_high: false });
  });

  it('labels each rate with its grades', () => {
    expect(rateLabels(schema)).toEqual({
      excellent: '优秀率（优秀）',
      top_two: '称职及以上率（优秀+称职）',
      bottom: '不称职率（不称职）',
    });
  });

  it('ranks by weighted score (1, 2, 2, 4) and orders unranked ones last', () => {
    expect(competitionRanks([80, 90, 80, null, 70])).toEqual([2, 1, 2, null, 4]);
    expect(rankOrder([2, 1, 2, null, 4])).toEqual([1, 0, 2, 4, 3]);
    const tenths = (n: number, t: number): AppraisalCounts => ({ ...counts({ [E]: n }), tenths: t });
    const section = appraisalSection(
      'person',
      { id: 1, title: '问卷', schema },
      groups,
      [
        { target_id: 1, name: '甲', title: '', type: 'person', counts: [tenths(1, 300), undefined] },
        { target_id: 2, name: '乙', title: '', type: 'person', counts: [undefined, undefined] },
        { target_id: 3, name: '丙', title: '', type: 'person', counts: [tenths(1, 500), undefined] },
      ],
      DEFAULT_THRESHOLDS,
    );
    expect(section.targets.map((t) => [t.name, t.rank, t.weighted_score])).toEqual([
      ['丙', 1, 50],
      ['甲', 2, 30],
      ['乙', null, null],
    ]);
  });
});

describe('选人用人 and 新提拔', () => {
  const cadre = cadreFormSchema.parse({
    title: '选人用人',
    pages: [
      {
        questions: [
          { id: 'q1', type: 'single_choice', text: '总体评价', options: ['好', '较好', '一般', '差'] },
          { id: 'q2', type: 'multiple_choice', text: '问题', options: ['甲', '乙'] },
          { id: 'q3', type: 'text_area', text: '建议', options: [] },
        ],
      },
    ],
  });

  it('shares single choice of the answers and multiple choice of the voters', () => {
    const out = cadreSummaryOf(
      { id: 9, title: '选人用人', schema: cadre },
      groups,
      [
        { voters: 4, answered: { q1: 3, q2: 4 }, options: { q1: { 好: 2, 差: 1 }, q2: { 甲: 4, 乙: 2 } } },
        { voters: 2, answered: { q1: 2, q2: 2 }, options: { q1: { 好: 2 }, q2: { 乙: 1 } } },
      ],
      { q3: ['多培养年轻干部'] },
    );
    const [q1, q2] = out.questions;
    expect(q1!.bases).toEqual([3, 2]);
    expect(q1!.options[0]).toEqual({
      option: '好',
      by_vote_type: [
        { count: 2, share: 66.67 },
        { count: 2, share: 100 },
      ],
      total: { count: 4, share: 80 },
    });
    expect(q2!.bases).toEqual([4, 2]);
    expect(q2!.options.map((o) => o.total)).toEqual([
      { count: 4, share: 66.67 },
      { count: 3, share: 50 },
    ]);
    expect(out.suggestions).toEqual([{ question_id: 'q3', text: '建议', answers: ['多培养年轻干部'] }]);
    expect(cadreOverallQuestion(out)?.id).toBe('q1');
  });

  it('ranks cadres by 认同率 against the unit average, flags 不认同 over a third', () => {
    const subjects = [1, 2, 3].map((id) => ({
      id,
      name: `干部${id}`,
      current_position: '',
      previous_position: '',
    }));
    const out = newlyPromotedSummaryOf(
      null,
      groups,
      subjects,
      [
        { 1: { 认同: 1, 不认同: 2 }, 2: { 认同: 3 } },
        { 1: { 基本认同: 1 }, 2: { 认同: 1 } },
      ],
      [],
      1 / 3,
    );
    // 干部1: 1 of 4 = 25 %; 干部2: 4 of 4 = 100 %; 干部3 no voters. Average (25 + 100) / 2 = 62.5.
    expect(out.average_approval_rate).toBe(62.5);
    expect(out.subjects.map((x) => [x.name, x.rank, x.above_average, x.flagged])).toEqual([
      ['干部2', 1, 37.5, false],
      ['干部1', 2, -37.5, true],
      ['干部3', null, null, false],
    ]);
    const total = out.subjects[1]!.rows[2]!;
    expect(total).toMatchObject({ label: '合计', count: 4, approval_rate: 25, approval_or_basic_rate: 50 });
    expect(total.opinions.map((o) => o.share)).toEqual([25, 25, 50, 0]);
  });
});
