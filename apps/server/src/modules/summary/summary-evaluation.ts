import {
  cadreSummaryOf,
  newlyPromotedSummaryOf,
  type CadreCounts,
  type NewlyPromotedCounts,
} from '@kaoping/contracts/summary-evaluation';
import { cadreQuestions } from '@kaoping/contracts/cadre-schema';
import type { CadreSummary, NewlyPromotedSummary, SummaryVoteType } from '@kaoping/contracts/summary-tables';
import type { Db } from '../../db/client';
import {
  cadreChoiceCounts,
  cadreTexts,
  evaluationVoters,
  newlyPromotedCounts,
  newlyPromotedReasons,
} from '../ballots/evaluation-counts.repository';
import { listSubjects } from '../evaluation-subjects/evaluation-subjects.repository';
import { readRoundPolls } from '../polls/parsed-poll';

/** The 选人用人 汇总表: counts per (vote type, question, option) from the database, then cadreSummaryOf. */
export async function cadreSummary(
  db: Db,
  roundId: number,
  voteTypes: readonly SummaryVoteType[],
): Promise<CadreSummary> {
  const [poll] = await readRoundPolls(db, roundId, ['cadre'] as const);
  const textIds = poll?.schema
    ? cadreQuestions(poll.schema)
        .filter((q) => q.type === 'text_area')
        .map((q) => q.id)
    : [];
  const [voters, choices, texts] = await Promise.all([
    evaluationVoters(db, roundId, 'cadre'),
    cadreChoiceCounts(db, roundId),
    cadreTexts(db, roundId, textIds),
  ]);
  const counts = new Map<number, CadreCounts>();
  for (const vt of voteTypes) {
    counts.set(vt.vote_type_id, { voters: voters.get(vt.vote_type_id) ?? 0, answered: {}, options: {} });
  }
  for (const c of choices) {
    const into = counts.get(c.voteTypeId);
    if (!into) continue;
    if (c.value === null) into.answered[c.question] = c.count;
    else (into.options[c.question] ??= {})[c.value] = c.count;
  }
  const textsById: Record<string, string[]> = {};
  for (const t of texts) (textsById[t.q] ??= []).push(t.t);
  return cadreSummaryOf(
    poll ? { id: poll.row.id, title: poll.row.title, schema: poll.schema } : null,
    voteTypes,
    voteTypes.map((vt) => counts.get(vt.vote_type_id)),
    textsById,
  );
}

/** The 新提拔 汇总表: counts per (vote type, cadre, opinion) from the database, then newlyPromotedSummaryOf. */
export async function newlyPromotedSummary(
  db: Db,
  roundId: number,
  voteTypes: readonly SummaryVoteType[],
  threshold: number,
): Promise<NewlyPromotedSummary> {
  const [[poll], subjects, rows, reasons] = await Promise.all([
    readRoundPolls(db, roundId, ['newly_promoted'] as const),
    listSubjects(db, roundId),
    newlyPromotedCounts(db, roundId),
    newlyPromotedReasons(db, roundId),
  ]);
  const counts = new Map<number, NewlyPromotedCounts>();
  for (const r of rows) {
    const byVt = counts.get(r.voteTypeId) ?? {};
    counts.set(r.voteTypeId, byVt);
    (byVt[r.subjectId] ??= {})[r.opinion] = r.count;
  }
  const named = new Set(rows.map((r) => r.subjectId));
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
    voteTypes.map((vt) => counts.get(vt.vote_type_id)),
    reasons,
    threshold,
  );
}
