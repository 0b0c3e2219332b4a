import type { CadreAnswers, NewlyPromotedAnswers } from '@kaoping/contracts/answers';
import { NEWLY_PROMOTED_DEFAULTS } from '@kaoping/contracts/newly-promoted-schema';
import type { EvaluationResults } from '@kaoping/contracts/cadre-results';
import {
  aggregateCadre,
  aggregateNewlyPromoted,
  DISAPPROVAL_FLAG_THRESHOLD,
} from '@kaoping/contracts/scoring';
import type { Db } from '../../db/client';
import { fail } from '../../lib/errors';
import { evaluationBallots } from '../ballots/cadre-votes.repository';
import { getCompany } from '../companies/companies.service';
import { listSubjects } from '../evaluation-subjects/evaluation-subjects.repository';
import { subjectIdsIn } from '../evaluation-subjects/evaluation-subjects.service';
import { readRoundPolls } from '../polls/parsed-poll';
import { roundOf } from '../rounds/round-scope';
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
  const [{ rows: allTypes }, polls, subjects, ballots] = await Promise.all([
    turnoutRows(db, round.id, 'democratic_evaluation'),
    readRoundPolls(db, round.id, ['cadre', 'newly_promoted'] as const),
    listSubjects(db, round.id),
    evaluationBallots(db, round.id, opts.voteTypeId),
  ]);
  const asked = allTypes.filter((t) => opts.voteTypeId === undefined || t.vote_type_id === opts.voteTypeId);
  if (opts.voteTypeId !== undefined && asked.length === 0) throw fail('VOTE_TYPE_NOT_FOUND');
  // A vote type still open is named, never counted (evaluationBallots leaves its ballots out).
  const { shown: voteTypes, open } = splitOpen(asked);

  const cadrePoll = polls.find((p) => p.kind === 'cadre');
  const cadreAnswers = ballots.filter((b) => b.pollKind === 'cadre').map((b) => b.answers as CadreAnswers);
  const cadre = cadrePoll?.schema
    ? aggregateCadre(cadrePoll.schema, cadreAnswers)
    : { ballot_count: cadreAnswers.length, questions: [] };

  const npPoll = polls.find((p) => p.kind === 'newly_promoted');
  const npAnswers = ballots
    .filter((b) => b.pollKind === 'newly_promoted')
    .map((b) => b.answers as NewlyPromotedAnswers);
  const named = new Set(subjectIdsIn(npAnswers));
  const shown = subjects.filter((s) => s.isActive || named.has(s.id));
  const np = aggregateNewlyPromoted(
    shown.map((s) => s.id),
    npAnswers,
    threshold,
  );

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
