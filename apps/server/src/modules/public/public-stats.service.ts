import type { CadreAnswers, NewlyPromotedAnswers, ScoringAnswers } from '@kaoping/contracts/answers';
import type {
  PublicPollKind,
  PublicPollStats,
  PublicPollSummary,
  PublicVoteTypeStats,
} from '@kaoping/contracts/public-vote-types';
import { aggregateCadre, aggregateNewlyPromoted, aggregateScoring } from '@kaoping/contracts/scoring';
import type { Db } from '../../db/client';
import { fail } from '../../lib/errors';
import { reopenedVoteTypeIds } from '../audit/audit.repository';
import { listCadreAnswers } from '../ballots/cadre-votes.repository';
import { listScoringAnswers } from '../ballots/votes.repository';
import { findCompany } from '../companies/companies.repository';
import { listSubjects } from '../evaluation-subjects/evaluation-subjects.repository';
import { parsePoll } from '../polls/parsed-poll';
import { findPoll, listPollsWithPublicResults, type PollRow } from '../polls/polls.repository';
import { listVoteTargets } from '../vote-targets/vote-targets.repository';
import { hasEnded } from '../vote-types/vote-type-status';
import { listVoteTypes } from '../vote-types/vote-types.repository';

/**
 * Fewest formal ballots a published group may have: reading the figures before and after one ballot
 * would otherwise show that voter's answers.
 */
export const MIN_PUBLIC_BALLOTS = 5;

const familyOf = (kind: PublicPollKind) =>
  kind === 'company' || kind === 'person' ? 'democratic_appraisal' : 'democratic_evaluation';

/** GET /public/polls/: only polls whose results an admin published; no questionnaire content. */
export async function listPublicPolls(db: Db): Promise<PublicPollSummary[]> {
  const rows = await listPollsWithPublicResults(db);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    target_type: r.targetType as PublicPollKind,
    company: { id: r.companyId, name: r.companyName },
  }));
}

async function figures(
  db: Db,
  poll: PollRow,
  voteTypeId: number,
): Promise<Omit<PublicVoteTypeStats, 'name'>> {
  const p = parsePoll(poll);
  if (p.kind === 'company' || p.kind === 'person') {
    const [rows, targets] = await Promise.all([
      listScoringAnswers(db, poll.id, voteTypeId),
      listVoteTargets(db, poll.roundId, { type: p.kind }),
    ]);
    const byTarget = new Map<number, ScoringAnswers[]>();
    for (const r of rows) {
      const list = byTarget.get(r.targetId) ?? [];
      list.push(r.answers as ScoringAnswers);
      byTarget.set(r.targetId, list);
    }
    const shown = targets.filter((t) => t.isActive || byTarget.has(t.id));
    const schema = p.schema;
    return {
      ballot_count: new Set(rows.map((r) => r.submissionId)).size,
      targets: schema
        ? shown
            .filter((t) => (byTarget.get(t.id)?.length ?? 0) >= MIN_PUBLIC_BALLOTS)
            .map((t) => {
              // No minimum or maximum: each is one ballot's score, the harshest or the kindest, shown as such.
              const { min: _min, max: _max, ...figures } = aggregateScoring(schema, byTarget.get(t.id) ?? []);
              return { target_id: t.id, name: t.name, title: t.title, ...figures };
            })
        : [],
    };
  }
  const rows = await listCadreAnswers(db, poll.id, voteTypeId);
  if (p.kind === 'cadre') {
    const result = p.schema
      ? aggregateCadre(
          p.schema,
          rows.map((r) => r.answers as CadreAnswers),
        )
      : null;
    // Free text can identify its writer: public figures leave it out.
    return {
      ballot_count: rows.length,
      questions: (result?.questions ?? []).map(({ texts: _texts, ...q }) => q),
    };
  }
  const subjects = await listSubjects(db, poll.roundId);
  const answers = rows.map((r) => r.answers as NewlyPromotedAnswers);
  const used = subjects.filter(
    (s) => answers.filter((a) => `subject_${s.id}` in a).length >= MIN_PUBLIC_BALLOTS,
  );
  const result = aggregateNewlyPromoted(
    used.map((s) => s.id),
    answers,
  );
  const names = new Map(used.map((s) => [s.id, s.name]));
  return {
    ballot_count: rows.length,
    subjects: result.subjects.map((s) => ({ ...s, name: names.get(s.subject_id) ?? '' })),
  };
}

/**
 * Aggregates of a poll, per vote type of its family whose results an admin made public (default: none,
 * then 403), once that vote has ended (closed by hand or past its window), and only for vote types with
 * at least MIN_PUBLIC_BALLOTS formal ballots (none: 404). Only figures: no single ballot, no text answer,
 * no test ballot, no minimum or maximum.
 *
 * A vote type reopened after it ended (重新开放, or its deadline moved past the moment it had ended it,
 * both audited as vote_type.reopen) publishes nothing any more: figures read before the reopen and after
 * the next close would differ by the few ballots cast meanwhile, one ballot when one voter was seen
 * voting. Nothing, rather than "only when 5 or more ballots differ", since what was published before is
 * not kept.
 */
export async function getPublicPollStats(db: Db, pollId: number): Promise<PublicPollStats> {
  const poll = await findPoll(db, pollId);
  if (!poll) throw fail('POLL_NOT_FOUND');
  const kind = poll.targetType as PublicPollKind;
  const family = await listVoteTypes(db, poll.roundId, familyOf(kind));
  const published = family.filter((v) => v.resultsPublic);
  if (published.length === 0) throw fail('RESULTS_NOT_PUBLISHED');
  const ended = published.filter((v) => hasEnded(v));
  if (ended.length === 0) throw fail('RESULTS_NOT_ENDED');
  const reopened = await reopenedVoteTypeIds(
    db,
    poll.companyId,
    ended.map((v) => v.id),
  );
  const company = await findCompany(db, poll.companyId);
  const parts = [];
  for (const v of ended.filter((e) => !reopened.has(e.id))) {
    const part = await figures(db, poll, v.id);
    if (part.ballot_count >= MIN_PUBLIC_BALLOTS) parts.push({ name: v.name, ...part });
  }
  if (parts.length === 0) throw fail(reopened.size > 0 ? 'RESULTS_REOPENED' : 'RESULTS_TOO_FEW');
  return {
    poll: { id: poll.id, title: poll.title, target_type: kind },
    company: { id: poll.companyId, name: company?.name ?? '' },
    vote_types: parts,
  };
}
