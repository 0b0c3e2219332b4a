import { cadreOverallQuestion } from '@kaoping/contracts/summary-evaluation';
import type { UnitSummary } from '@kaoping/contracts/summary-tables';

/** The figures of one unit's round that the cross-unit rankings compare, all from its 汇总表. */
export interface UnitFigures {
  /** The leadership team's weighted score (the first company target); null without ballots or team. */
  teamScore: number | null;
  persons: {
    targetId: number;
    name: string;
    title: string;
    score: number | null;
    excellent: number | null;
  }[];
  /** 选人用人 overall question: its first option's share of all the unit's answers, and its label. */
  cadreGood: { share: number | null; label: string | null };
  /** 认同率 and, for the group average, the exact fraction 认同 / voters. */
  promoted: {
    subjectId: number;
    name: string;
    count: number;
    approval: number | null;
    fraction: number | null;
    flagged: boolean;
  }[];
  /** The 汇总表's line naming the voter groups still open (left out of these figures), or null. */
  openNote: string | null;
}

/** Reads them from the unit's 汇总表 (summary/summary.service.ts summaryOf): no figure is computed a second way. */
export function unitFigures(s: UnitSummary): UnitFigures {
  const section = (kind: 'company' | 'person') => s.appraisal.sections.find((x) => x.kind === kind);
  const weighted = (rows: { kind: string; excellent_rate: number | null }[]) =>
    rows.find((r) => r.kind === 'weighted')?.excellent_rate ?? null;
  const overall = cadreOverallQuestion(s.cadre);
  const first = overall?.options[0];
  return {
    openNote: s.validity.open_note,
    teamScore: section('company')?.targets[0]?.weighted_score ?? null,
    persons: (section('person')?.targets ?? []).map((t) => ({
      targetId: t.target_id,
      name: t.name,
      title: t.title,
      score: t.weighted_score,
      excellent: weighted(t.rows),
    })),
    cadreGood: {
      share: overall?.base_total ? (first?.total.share ?? null) : null,
      label: first?.option ?? null,
    },
    promoted: s.newly_promoted.subjects.map((subject) => {
      const total = subject.rows.find((r) => r.kind === 'total');
      const n = total?.count ?? 0;
      return {
        subjectId: subject.subject_id,
        name: subject.name,
        count: n,
        approval: n ? (total!.approval_rate ?? null) : null,
        fraction: n ? total!.opinions[0]!.count / n : null,
        flagged: subject.flagged,
      };
    }),
  };
}
