import { appraisalSection, type AppraisalCounts } from '@kaoping/contracts/summary-appraisal';
import type { AppraisalSummary, SummaryVoteType } from '@kaoping/contracts/summary-tables';
import type { SummaryThresholds } from '@kaoping/contracts/summary-thresholds';
import type { Db } from '../../db/client';
import { scoringBuckets, type Bucket } from '../ballots/scoring-counts.repository';
import { scoringPolls } from '../results/appraisal.service';
import { listVoteTargets } from '../vote-targets/vote-targets.repository';

/** A database bucket (ballots/scoring-counts.repository.ts) as the contracts' plain counts. */
export function countsOfBucket(b: Bucket): AppraisalCounts {
  return {
    voters: b.count,
    tenths: b.tenths,
    overall: Object.fromEntries(b.overall),
    items: Object.fromEntries(
      [...b.items].map(([id, it]) => [id, { answered: it.answered, values: Object.fromEntries(it.values) }]),
    ),
    reverse: Object.fromEntries([...b.reverse].map(([id, values]) => [id, Object.fromEntries(values)])),
  };
}

/**
 * The 民主测评 汇总表 of a round: per poll (team, persons) one counting pass in SQL grouped by vote type
 * and target (the counts of every answer value come back, never a ballot), then the contracts' pure
 * appraisalSection. Targets shown: the active ones and any with ballots, in roster order before ranking.
 */
export async function appraisalSummary(
  db: Db,
  roundId: number,
  voteTypes: readonly SummaryVoteType[],
  thresholds: SummaryThresholds,
): Promise<AppraisalSummary> {
  const [polls, targets] = await Promise.all([scoringPolls(db, roundId), listVoteTargets(db, roundId)]);
  const sections = [];
  for (const kind of ['company', 'person'] as const) {
    const poll = polls.find((p) => p.kind === kind);
    if (!poll) continue;
    const buckets = await scoringBuckets(db, poll.schema, { roundId, pollId: poll.row.id });
    const inputs = targets
      .filter((t) => t.type === kind)
      .map((t) => ({
        row: t,
        counts: voteTypes.map((vt) => {
          const b = buckets.get(`${vt.vote_type_id}:${t.id}`);
          return b ? countsOfBucket(b) : undefined;
        }),
      }))
      .filter((t) => t.row.isActive || t.counts.some((c) => c && c.voters > 0));
    sections.push(
      appraisalSection(
        kind,
        { id: poll.row.id, title: poll.row.title, schema: poll.schema },
        voteTypes,
        inputs.map((t) => ({
          target_id: t.row.id,
          name: t.row.name,
          title: t.row.title,
          type: kind,
          counts: t.counts,
        })),
        thresholds,
      ),
    );
  }
  return { vote_types: [...voteTypes], sections };
}
