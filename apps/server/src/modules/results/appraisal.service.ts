import { competitionRanks } from '@kaoping/contracts/ranking';
import type { AppraisalResults, TargetResult } from '@kaoping/contracts/target-results';
import { weightedScore, type ScoringAggregate } from '@kaoping/contracts/scoring';
import type { Db } from '../../db/client';
import { fail } from '../../lib/errors';
import { emptyBucket, scoringBuckets, type Bucket } from '../figures/figure-counts';
import { figuresOfRound } from '../figures/figures.repository';
import { getCompany } from '../companies/companies.service';
import { isParsed, readRoundPolls, type ParsedPoll } from '../polls/parsed-poll';
import { roundOf } from '../rounds/round-scope';
import { listVoteTargets } from '../vote-targets/vote-targets.repository';
import { mergeBucket, scoringFigures } from './appraisal-figures';
import { comparisonsOf } from './comparison';
import { splitOpen, turnoutRows } from './turnout.service';

export interface AppraisalFilter {
  voteTypeId?: number;
  targetId?: number;
  targetType?: 'company' | 'person';
  /** An archived round of the unit; absent = the current round. */
  roundId?: number;
}

/** The round's company and person polls; one whose schema no longer parses cannot be counted against. */
export async function scoringPolls(db: Db, roundId: number): Promise<ParsedPoll<'company' | 'person'>[]> {
  return (await readRoundPolls(db, roundId, ['company', 'person'] as const)).filter(isParsed);
}

const noFigures = (): ScoringAggregate => ({
  count: 0,
  total: 0,
  mean: null,
  min: null,
  max: null,
  overall: [],
  good_rate: null,
  items: [],
  reverse: [],
});

/** Ranks by weighted score within each target type, with the product's one ranking rule; no score, no rank. */
function rank(targets: TargetResult[]) {
  for (const type of ['company', 'person'] as const) {
    const ofType = targets.filter((t) => t.type === type);
    competitionRanks(ofType.map((t) => t.weighted_score)).forEach((r, i) => (ofType[i]!.rank = r));
  }
}

/**
 * Figures of the appraisal family (DESIGN.md "Scoring and results") per target: per vote type, pooled,
 * weighted, ranked. Targets shown: active ones and any with ballots. Filters narrow to one vote type
 * (the weighted score is then that vote type's mean), one target (ranked among all) or one target type.
 */
export async function appraisalResults(db: Db, companyId: number, filter: AppraisalFilter = {}) {
  const company = await getCompany(db, companyId);
  const round = await roundOf(db, companyId, filter.roundId);
  const [{ rows: allTypes, types }, polls, allTargets] = await Promise.all([
    turnoutRows(db, round.id, 'democratic_appraisal'),
    scoringPolls(db, round.id),
    listVoteTargets(db, round.id),
  ]);
  const asked = allTypes.filter(
    (t) => filter.voteTypeId === undefined || t.vote_type_id === filter.voteTypeId,
  );
  if (filter.voteTypeId !== undefined && asked.length === 0) throw fail('VOTE_TYPE_NOT_FOUND');
  // A vote type still open is named, never counted: the weighted score is over the ended ones.
  const { shown: voteTypes, open } = splitOpen(asked);
  if (filter.targetId !== undefined && !allTargets.some((t) => t.id === filter.targetId)) {
    throw fail('VOTE_TARGET_NOT_FOUND');
  }
  const weightOf = new Map(types.map((t) => [t.id, t.weight]));

  // The stored figures of the round's ended vote types (decision 0052), one bucket per vote type and target.
  const stored = await figuresOfRound(db, round.id);
  const only = filter.voteTypeId === undefined ? undefined : [filter.voteTypeId];
  const counted = polls
    .filter((poll) => !filter.targetType || poll.kind === filter.targetType)
    .map((poll) => [poll.kind, { poll, buckets: scoringBuckets(stored, poll.row.id, only) }] as const);
  const bucketsByKind = new Map<string, (typeof counted)[number][1]>(counted);

  const targets: TargetResult[] = [];
  const rowOf = new Map(allTargets.map((t) => [t.id, t]));
  const ordered = [...allTargets].sort((a, b) => Number(a.type === 'person') - Number(b.type === 'person'));
  for (const t of ordered) {
    if (filter.targetType && t.type !== filter.targetType) continue;
    const counted = bucketsByKind.get(t.type);
    const bucketOf = (vt: number) => counted?.buckets.get(`${vt}:${t.id}`);
    const hasBallots = voteTypes.some((vt) => bucketOf(vt.vote_type_id));
    if (!t.isActive && !hasBallots) continue;
    const figures = (b: Bucket) => (counted ? scoringFigures(counted.poll.schema, b) : noFigures());
    const byVoteType = voteTypes.map((vt) => ({
      ...figures(bucketOf(vt.vote_type_id) ?? emptyBucket()),
      vote_type_id: vt.vote_type_id,
    }));
    const pooled = voteTypes.reduce((acc, vt) => {
      const b = bucketOf(vt.vote_type_id);
      return b ? mergeBucket(acc, b) : acc;
    }, emptyBucket());
    targets.push({
      target_id: t.id,
      name: t.name,
      type: t.type as 'company' | 'person',
      title: t.title,
      is_active: t.isActive,
      sort_order: t.sortOrder,
      poll_id: counted?.poll.row.id ?? polls.find((p) => p.kind === t.type)?.row.id ?? null,
      weighted_score: weightedScore(
        byVoteType.map((a) => ({ weight: weightOf.get(a.vote_type_id), count: a.count, total: a.total })),
      ),
      rank: null,
      combined: figures(pooled),
      by_vote_type: byVoteType,
      comparison: { previous: null, change: { weighted_score: null, top_share: null } },
    });
  }
  // One target's drill-down still shows its rank among all of them.
  rank(targets);
  const shown =
    filter.targetId === undefined ? targets : targets.filter((t) => t.target_id === filter.targetId);
  // Beside each target: the figures of the target of the earlier round it was copied from. Compared
  // as a whole (all vote types pooled and weighted): a one-vote-type drill-down compares nothing.
  if (filter.voteTypeId === undefined) {
    const compared = await comparisonsOf(
      db,
      shown.map((t) => ({
        row: rowOf.get(t.target_id)!,
        weightedScore: t.weighted_score,
        topShare: t.combined.count ? (t.combined.overall[0]?.share ?? null) : null,
      })),
    );
    for (const t of shown) t.comparison = compared.get(t.target_id)!;
  }

  return {
    company: { id: company.id, name: company.name },
    form_category: 'democratic_appraisal',
    vote_types: voteTypes,
    open_vote_types: open,
    polls: polls.map((p) => ({
      id: p.row.id,
      title: p.row.title,
      target_type: p.kind,
      reverse_title: p.schema.reverseEvaluation.title,
    })),
    targets: shown,
    generated_at: new Date().toISOString(),
  } satisfies AppraisalResults;
}
