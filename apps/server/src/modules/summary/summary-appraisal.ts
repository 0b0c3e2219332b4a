import { appraisalSection, type AppraisalCounts } from '@kaoping/contracts/summary-appraisal';
import type { AppraisalSummary, SummaryVoteType } from '@kaoping/contracts/summary-tables';
import type { SummaryThresholds } from '@kaoping/contracts/summary-thresholds';
import type { ParsedPoll } from '../polls/parsed-poll';
import type { VoteTargetRow } from '../vote-targets/vote-targets.repository';
import { scoringBuckets, type Bucket } from '../figures/figure-counts';
import type { VoteTypeFigures } from '../figures/figures.repository';

/** A bucket of stored figures (figures/figure-counts.ts) as the contracts' plain counts. */
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
 * The 民主测评 汇总表 of a round from the stored figures of its vote types (per vote type and target, the
 * counts of every answer value), then the contracts' pure appraisalSection. Targets shown: the active ones
 * and any with ballots, in roster order before ranking. Pure.
 */
export function appraisalSummary(
  polls: readonly ParsedPoll<'company' | 'person'>[],
  targets: readonly VoteTargetRow[],
  figures: ReadonlyMap<number, VoteTypeFigures>,
  voteTypes: readonly SummaryVoteType[],
  thresholds: SummaryThresholds,
): AppraisalSummary {
  const sections = [];
  for (const kind of ['company', 'person'] as const) {
    const poll = polls.find((p) => p.kind === kind);
    if (!poll) continue;
    const buckets = scoringBuckets(figures, poll.row.id);
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
