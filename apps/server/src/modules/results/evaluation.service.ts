import { cadreQuestions } from '@kaoping/contracts/cadre-schema';
import { NEWLY_PROMOTED_DEFAULTS } from '@kaoping/contracts/newly-promoted-schema';
import type { EvaluationResults } from '@kaoping/contracts/cadre-results';
import { DISAPPROVAL_FLAG_THRESHOLD } from '@kaoping/contracts/scoring';
import type { Db } from '../../db/client';
import { fail } from '../../lib/errors';
import { cadreTexts, newlyPromotedReasons } from '../ballots/evaluation-counts.repository';
import { getCompany } from '../companies/companies.service';
import { listSubjects } from '../evaluation-subjects/evaluation-subjects.repository';
import { cadreCountsOf, promotedCountsOf, promotedSubjectIds } from '../figures/figure-counts';
import { figuresOfRound } from '../figures/figures.repository';
import { readRoundPolls } from '../polls/parsed-poll';
import { roundOf } from '../rounds/round-scope';
import { addCadreCounts, addPromotedCounts, cadreFigures, promotedFigures } from './evaluation-figures';
import { splitOpen, turnoutRows } from './turnout.service';

/**
 * Figures of the evaluation family (DESIGN.md "Scoring and results"): the cadre poll per question, the
 * newly promoted poll per subject (active subjects and any a ballot names), over one vote type or all.
 */
export async function evaluationResults(
  db: Db,
  companyId: number,
  opts: { voteTypeId?: number; threshold?: number; roundId?: number } = {},
): Promise<EvaluationResults> {
  const company = await getCompany(db, companyId);
  const round = await roundOf(db, companyId, opts.roundId);
  const threshold = opts.threshold ?? DISAPPROVAL_FLAG_THRESHOLD;
  const [{ rows: allTypes }, polls, subjects, stored] = await Promise.all([
    turnoutRows(db, round.id, 'democratic_evaluation'),
    readRoundPolls(db, round.id, ['cadre', 'newly_promoted'] as const),
    listSubjects(db, round.id),
    figuresOfRound(db, round.id),
  ]);
  const asked = allTypes.filter((t) => opts.voteTypeId === undefined || t.vote_type_id === opts.voteTypeId);
  if (opts.voteTypeId !== undefined && asked.length === 0) throw fail('VOTE_TYPE_NOT_FOUND');
  // A vote type still open is named, never counted (it has no stored figures).
  const { shown: voteTypes, open } = splitOpen(asked);
  // The stored figures of the vote types asked (decision 0052); the text answers from the ballots.
  const counted = [...stored].filter(([id]) => asked.some((t) => t.vote_type_id === id)).map(([, f]) => f);

  const cadrePoll = polls.find((p) => p.kind === 'cadre');
  const cadreCounts = addCadreCounts(counted.map(cadreCountsOf));
  const textIds = cadrePoll?.schema
    ? cadreQuestions(cadrePoll.schema)
        .filter((q) => q.type === 'text_area')
        .map((q) => q.id)
    : [];
  const [texts, reasons] = await Promise.all([
    cadreTexts(db, round.id, textIds, opts.voteTypeId),
    newlyPromotedReasons(db, round.id, opts.voteTypeId),
  ]);
  const textsById: Record<string, string[]> = {};
  for (const t of texts) (textsById[t.q] ??= []).push(t.t);
  const cadre = cadrePoll?.schema
    ? cadreFigures(cadrePoll.schema, cadreCounts, textsById)
    : { ballot_count: cadreCounts.voters, questions: [] };

  const npPoll = polls.find((p) => p.kind === 'newly_promoted');
  const named = promotedSubjectIds(counted);
  const shown = subjects.filter((s) => s.isActive || named.has(s.id));
  const np = {
    ballot_count: counted.reduce((a, f) => a + f.newly_promoted.voters, 0),
    subjects: promotedFigures(
      shown.map((s) => s.id),
      addPromotedCounts(counted.map(promotedCountsOf)),
      threshold,
    ),
    reasons,
  };

  return {
    company: { id: company.id, name: company.name },
    form_category: 'democratic_evaluation',
    vote_type_id: opts.voteTypeId ?? null,
    vote_types: voteTypes,
    open_vote_types: open,
    threshold,
    cadre: {
      poll: cadrePoll ? { id: cadrePoll.row.id, title: cadrePoll.row.title } : null,
      ballot_count: cadre.ballot_count,
      questions: cadre.questions,
    },
    newly_promoted: {
      poll: npPoll ? { id: npPoll.row.id, title: npPoll.row.title } : null,
      reason_question: npPoll?.schema?.reason_question ?? NEWLY_PROMOTED_DEFAULTS.reason_question,
      ballot_count: np.ballot_count,
      subjects: np.subjects.map((r, i) => {
        const s = shown[i]!;
        return {
          ...r,
          id: s.id,
          name: s.name,
          birth_date: s.birthDate,
          previous_position: s.previousPosition,
          current_position: s.currentPosition,
          is_active: s.isActive,
        };
      }),
      reasons: np.reasons,
    },
    generated_at: new Date().toISOString(),
  };
}
