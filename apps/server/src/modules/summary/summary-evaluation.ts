import {
  cadreSummaryOf,
  newlyPromotedSummaryOf,
  type NewlyPromotedCounts,
} from '@kaoping/contracts/summary-evaluation';
import type { CadreSummary, NewlyPromotedSummary, SummaryVoteType } from '@kaoping/contracts/summary-tables';
import type { EvaluationSubjectRow } from '../evaluation-subjects/evaluation-subjects.repository';
import { cadreCountsOf, promotedCountsOf, promotedSubjectIds } from '../figures/figure-counts';
import type { VoteTypeFigures } from '../figures/figures.repository';
import type { StoredPoll } from '../polls/parsed-poll';

/** The 选人用人 汇总表 from the stored counts per (vote type, question, option), then cadreSummaryOf. Pure. */
export function cadreSummary(
  poll: StoredPoll<'cadre'> | undefined,
  figures: ReadonlyMap<number, VoteTypeFigures>,
  voteTypes: readonly SummaryVoteType[],
  texts: Readonly<Record<string, readonly string[]>>,
): CadreSummary {
  return cadreSummaryOf(
    poll ? { id: poll.row.id, title: poll.row.title, schema: poll.schema } : null,
    voteTypes,
    voteTypes.map((vt) => cadreCountsOf(figures.get(vt.vote_type_id))),
    texts,
  );
}

/** The 新提拔 汇总表 from the stored counts per (vote type, cadre, opinion), then newlyPromotedSummaryOf. Pure. */
export function newlyPromotedSummary(
  poll: StoredPoll<'newly_promoted'> | undefined,
  subjects: readonly EvaluationSubjectRow[],
  figures: ReadonlyMap<number, VoteTypeFigures>,
  voteTypes: readonly SummaryVoteType[],
  reasons: readonly string[],
  threshold: number,
): NewlyPromotedSummary {
  const counts = voteTypes.map((vt): NewlyPromotedCounts | undefined => {
    const f = figures.get(vt.vote_type_id);
    return f ? promotedCountsOf(f) : undefined;
  });
  // Shown: the active cadres and any a counted ballot of the round names.
  const named = promotedSubjectIds(figures.values());
  const shown = subjects.filter((s) => s.isActive || named.has(s.id));
  return newlyPromotedSummaryOf(
    poll ? { id: poll.row.id, title: poll.row.title } : null,
    voteTypes,
    shown.map((s) => ({
      id: s.id,
      name: s.name,
      current_position: s.currentPosition,
      previous_position: s.previousPosition,
    })),
    counts,
    reasons,
    threshold,
  );
}
