// The comparison of a round's appraisal figures with the round before (issue 14): each target copied
// from an earlier round is shown beside the figures of the target it was copied from.
import { figureChange, type TargetComparison, type TargetPrevious } from '@kaoping/contracts/rounds';
import { weightedScore } from '@kaoping/contracts/scoring';
import type { Db } from '../../db/client';
import { emptyBucket, scoringBuckets, type Bucket } from '../figures/figure-counts';
import { figuresOfRound } from '../figures/figures.repository';
import { isParsed, readRoundPolls } from '../polls/parsed-poll';
import { findRound } from '../rounds/rounds.repository';
import { findVoteTargetsByIds, type VoteTargetRow } from '../vote-targets/vote-targets.repository';
import { listVoteTypes } from '../vote-types/vote-types.repository';
import { scoringFigures } from './appraisal-figures';

/** A target's figures as its round's results show them: the weighted score and the top grade's share. */
export interface TargetFigures {
  weightedScore: number | null;
  topShare: number | null;
  ballots: number;
}

/**
 * The weighted score and top share (the first overall grade's share of the pooled ballots, as
 * `combined.overall[0].share`) of some targets of one round, from the round's stored figures.
 */
export async function figuresOfTargets(
  db: Db,
  roundId: number,
  targets: readonly Pick<VoteTargetRow, 'id' | 'type'>[],
): Promise<Map<number, TargetFigures>> {
  const [voteTypes, polls, stored] = await Promise.all([
    listVoteTypes(db, roundId, 'democratic_appraisal'),
    readRoundPolls(db, roundId, ['company', 'person'] as const),
    figuresOfRound(db, roundId),
  ]);
  const schemaOf = new Map(polls.filter(isParsed).map((p) => [p.kind as string, p.schema]));
  const buckets = new Map<string, Bucket>();
  for (const p of polls) for (const [k, b] of scoringBuckets(stored, p.row.id)) buckets.set(k, b);
  const out = new Map<number, TargetFigures>();
  for (const t of targets) {
    const parts = voteTypes.map((vt) => {
      const b = buckets.get(`${vt.id}:${t.id}`);
      return { weight: vt.weight, count: b?.count ?? 0, total: (b?.tenths ?? 0) / 10 };
    });
    const pooled = emptyBucket();
    for (const vt of voteTypes) {
      const b = buckets.get(`${vt.id}:${t.id}`);
      if (!b) continue;
      pooled.count += b.count;
      pooled.tenths += b.tenths;
      for (const [k, n] of b.overall) pooled.overall.set(k, (pooled.overall.get(k) ?? 0) + n);
    }
    const schema = schemaOf.get(t.type);
    const top = pooled.count && schema ? (scoringFigures(schema, pooled).overall[0]?.share ?? null) : null;
    out.set(t.id, { weightedScore: weightedScore(parts), topShare: top, ballots: pooled.count });
  }
  return out;
}

const noComparison = (): TargetComparison => ({
  previous: null,
  change: { weighted_score: null, top_share: null },
});

/**
 * Per target of this round: the figures of the target it was copied from (the nearest earlier round
 * holding it) and the change. Targets without a source (new ones, first round) get previous null.
 */
export async function comparisonsOf(
  db: Db,
  targets: readonly { row: VoteTargetRow; weightedScore: number | null; topShare: number | null }[],
): Promise<Map<number, TargetComparison>> {
  const out = new Map<number, TargetComparison>(targets.map((t) => [t.row.id, noComparison()]));
  const sourceIds = targets.flatMap((t) => (t.row.sourceTargetId === null ? [] : [t.row.sourceTargetId]));
  const sources = await findVoteTargetsByIds(db, sourceIds);
  const byRound = new Map<number, VoteTargetRow[]>();
  for (const s of sources) byRound.set(s.roundId, [...(byRound.get(s.roundId) ?? []), s]);
  const previous = new Map<number, TargetPrevious>();
  await Promise.all(
    [...byRound].map(async ([roundId, rows]) => {
      const [round, figures] = await Promise.all([
        findRound(db, roundId),
        figuresOfTargets(db, roundId, rows),
      ]);
      for (const s of rows) {
        const f = figures.get(s.id)!;
        previous.set(s.id, {
          round_id: roundId,
          round_name: round?.name ?? '',
          target_id: s.id,
          weighted_score: f.weightedScore,
          top_share: f.topShare,
        });
      }
    }),
  );
  for (const t of targets) {
    const prev = t.row.sourceTargetId === null ? undefined : previous.get(t.row.sourceTargetId);
    if (!prev) continue;
    out.set(t.row.id, {
      previous: prev,
      change: {
        weighted_score: figureChange(t.weightedScore, prev.weighted_score),
        top_share: figureChange(t.topShare, prev.top_share),
      },
    });
  }
  return out;
}
