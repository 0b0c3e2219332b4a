// A 汇总表 answer for the web tests, built by the contracts' own pure functions from counts.
import { SHARE_ROUNDING_NOTE } from '@kaoping/contracts/constants';
import { cadreFormSchema } from '@kaoping/contracts/cadre-schema';
import { scoringFormSchema } from '@kaoping/contracts/scoring-schema';
import { appraisalSection, type AppraisalCounts } from '@kaoping/contracts/summary-appraisal';
import { cadreSummaryOf, newlyPromotedSummaryOf } from '@kaoping/contracts/summary-evaluation';
import type { UnitSummary } from '@kaoping/contracts/summary-tables';
import { DEFAULT_THRESHOLDS } from '@kaoping/contracts/summary-thresholds';
import { cadreTemplate } from '@kaoping/contracts/templates/cadre';
import { companyTemplate } from '@kaoping/contracts/templates/company';
import { personTemplate } from '@kaoping/contracts/templates/person';

const groups = [
  { vote_type_id: 1, name: '班子成员', weight: 60 },
  { vote_type_id: 2, name: '中层干部', weight: 40 },
];
const counts = (overall: Record<string, number>, tenths: number): AppraisalCounts => ({
  voters: Object.values(overall).reduce((a, b) => a + b, 0),
  tenths,
  overall,
  items: {},
  reverse: {},
});

export function unitSummary(companyId: number, over: Partial<UnitSummary> = {}): UnitSummary {
  const person = scoringFormSchema.parse(personTemplate.form_schema);
  const company = scoringFormSchema.parse(companyTemplate.form_schema);
  const cadre = cadreFormSchema.parse(cadreTemplate.form_schema);
  return {
    company: { id: companyId, name: `测试单位${companyId}` },
    round: { id: 2, name: '2026年度', year: 2026, state: 'current' },
    empty: false,
    validity: {
      vote_types: [
        {
          vote_type_id: 1,
          name: '班子成员',
          form_category: 'democratic_appraisal',
          issued: 4,
          received: 3,
          rate: 75,
          under_half: false,
          closed_at: '2026-11-23T02:00:00.000Z',
          count_stage: 'counted',
          deleted_ballots: 0,
          deleted_note: null,
        },
        {
          vote_type_id: 2,
          name: '中层干部',
          form_category: 'democratic_appraisal',
          issued: 4,
          received: 2,
          rate: 50,
          under_half: true,
          closed_at: null,
          count_stage: 'voting',
          deleted_ballots: 0,
          deleted_note: null,
        },
      ],
      under_half: true,
      thresholds: DEFAULT_THRESHOLDS,
      newly_promoted_threshold: 1 / 3,
      closed_at: null,
      rounding_note: SHARE_ROUNDING_NOTE,
      count_finished: false,
      count_note: '计票未完成',
      open_vote_types: [],
      open_note: null,
    },
    appraisal: {
      vote_types: groups,
      sections: [
        appraisalSection(
          'company',
          { id: 1, title: '领导班子测评表', schema: company },
          groups,
          [
            {
              target_id: 10,
              name: '领导班子',
              title: '',
              type: 'company',
              counts: [counts({ good: 2, poor: 1 }, 2400), counts({ good: 2 }, 1800)],
            },
          ],
          DEFAULT_THRESHOLDS,
        ),
        appraisalSection(
          'person',
          { id: 2, title: '领导人员测评表', schema: person },
          groups,
          [
            {
              target_id: 11,
              name: '李四',
              title: '副总经理',
              type: 'person',
              counts: [
                counts({ incompetent: 2, excellent: 1 }, 400),
                counts({ incompetent: 1, competent: 1 }, 300),
              ],
            },
            {
              target_id: 12,
              name: '张三',
              title: '总经理',
              type: 'person',
              counts: [counts({ excellent: 3 }, 1200), counts({ excellent: 1, competent: 1 }, 700)],
            },
          ],
          DEFAULT_THRESHOLDS,
        ),
      ],
    },
    cadre: cadreSummaryOf(
      { id: 3, title: '选人用人工作民主评议表', schema: cadre },
      groups,
      [{ voters: 3, answered: { overall: 3 }, options: { overall: { 好: 2, 差: 1 } } }, undefined],
      { suggestions: ['多培养年轻干部'] },
    ),
    newly_promoted: newlyPromotedSummaryOf(
      { id: 4, title: '新提拔任用干部民主评议表' },
      groups,
      [{ id: 21, name: '王五', current_position: '部门经理', previous_position: '' }],
      [{ 21: { 认同: 1, 不认同: 2 } }, undefined],
      [],
      1 / 3,
    ),
    generated_at: '2026-11-23T03:00:00.000Z',
    ...over,
  };
}
