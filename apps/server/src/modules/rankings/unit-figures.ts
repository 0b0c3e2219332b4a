import type { Db } from '../../db/client';
import { appraisalResults } from '../results/appraisal.service';
import { evaluationResults } from '../results/evaluation.service';

/** The figures of one unit's round that the cross-unit rankings compare. */
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
  /** 选人用人 overall question: its first option's share and label. */
  cadreGood: { share: number | null; label: string | null };
  promoted: { subjectId: number; name: string; count: number; approval: number | null; flagged: boolean }[];
}

/** Reads them from the unit's results of that round. */
export async function unitFigures(db: Db, companyId: number, roundId: number): Promise<UnitFigures> {
  const [appraisal, evaluation] = await Promise.all([
    appraisalResults(db, companyId, { roundId }),
    evaluationResults(db, companyId, { roundId }),
  ]);
  const team = appraisal.targets.find((t) => t.type === 'company');
  const overall = evaluation.cadre.questions.find((q) => q.type === 'single_choice');
  const first = overall?.options[0];
  return {
    teamScore: team?.weighted_score ?? null,
    persons: appraisal.targets
      .filter((t) => t.type === 'person')
      .map((t) => ({
        targetId: t.target_id,
        name: t.name,
        title: t.title,
        score: t.weighted_score,
        excellent: t.combined.count ? (t.combined.overall[0]?.share ?? null) : null,
      })),
    cadreGood: {
      share: overall?.answered ? (first?.share ?? null) : null,
      label: first?.option ?? null,
    },
    promoted: evaluation.newly_promoted.subjects.map((s) => ({
      subjectId: s.subject_id,
      name: s.name,
      count: s.count,
      approval: s.count ? s.approval_rate : null,
      flagged: s.flagged,
    })),
  };
}
