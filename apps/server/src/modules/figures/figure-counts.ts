import type { CadreCounts, NewlyPromotedCounts } from '@kaoping/contracts/summary-evaluation';
import type { ScoringCell, VoteTypeFigures } from './figures.repository';

// The stored figures (figures.repository.ts) in the shapes the results and the 汇总表 count with. Pure.

/** One target's counts for one vote type (or several, merged). */
export interface Bucket {
  count: number;
  /** Sum of the stored ballot scores in whole tenths (exact). */
  tenths: number;
  min: number | null;
  max: number | null;
  /** overall option value → ballots */
  overall: Map<string, number>;
  /** item id → how many answered it (any value), and value → ballots */
  items: Map<string, { answered: number; values: Map<string, number> }>;
  /** reverse item id → value → ballots that marked it so */
  reverse: Map<string, Map<string, number>>;
}

export const emptyBucket = (): Bucket => ({
  count: 0,
  tenths: 0,
  min: null,
  max: null,
  overall: new Map(),
  items: new Map(),
  reverse: new Map(),
});

const mapOf = (o: Record<string, number>) => new Map(Object.entries(o).map(([k, n]) => [k, Number(n)]));

function bucketOf(c: ScoringCell): Bucket {
  return {
    count: c.n,
    tenths: Number(c.tenths),
    min: c.min === null ? null : Number(c.min),
    max: c.max === null ? null : Number(c.max),
    overall: mapOf(c.overall),
    items: new Map(
      Object.entries(c.items).map(([id, values]) => {
        const m = mapOf(values);
        return [id, { answered: [...m.values()].reduce((a, b) => a + b, 0), values: m }];
      }),
    ),
    reverse: new Map(Object.entries(c.reverse).map(([id, values]) => [id, mapOf(values)])),
  };
}

/** A poll's buckets keyed `${voteTypeId}:${targetId}`, over the given vote types' figures. */
export function scoringBuckets(
  figures: ReadonlyMap<number, VoteTypeFigures>,
  pollId: number,
  voteTypeIds?: readonly number[],
): Map<string, Bucket> {
  const out = new Map<string, Bucket>();
  const prefix = `${pollId}:`;
  for (const [vt, f] of figures) {
    if (voteTypeIds && !voteTypeIds.includes(vt)) continue;
    for (const [key, cell] of Object.entries(f.scoring)) {
      if (key.startsWith(prefix)) out.set(`${vt}:${key.slice(prefix.length)}`, bucketOf(cell));
    }
  }
  return out;
}

/** A vote type's 选人用人 counts (none without figures). */
export function cadreCountsOf(f: VoteTypeFigures | undefined): CadreCounts {
  return {
    voters: f?.cadre.voters ?? 0,
    answered: { ...f?.cadre.answered },
    options: Object.fromEntries(Object.entries(f?.cadre.options ?? {}).map(([q, o]) => [q, { ...o }])),
  };
}

/** A vote type's 新提拔 counts: subject id → opinion → ballots. */
export function promotedCountsOf(f: VoteTypeFigures | undefined): NewlyPromotedCounts {
  const out: NewlyPromotedCounts = {};
  for (const [id, ops] of Object.entries(f?.newly_promoted.subjects ?? {})) out[Number(id)] = { ...ops };
  return out;
}

/** The subjects any of these vote types' 新提拔 ballots give an opinion on. */
export function promotedSubjectIds(figures: Iterable<VoteTypeFigures>): Set<number> {
  const out = new Set<number>();
  for (const f of figures) for (const id of Object.keys(f.newly_promoted.subjects)) out.add(Number(id));
  return out;
}
