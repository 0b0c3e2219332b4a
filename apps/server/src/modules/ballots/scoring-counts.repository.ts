import type { ScoringFormSchema } from '@kaoping/contracts/scoring-schema';
import { sql, type SQL } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { revealedSql } from './sealed-while-open';

export interface BucketFilter {
  roundId: number;
  pollId: number;
  voteTypeId?: number;
  targetId?: number;
}

/** What the database counts for one target and vote type (or several, merged). */
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

type Counter =
  | { kind: 'overall'; value: string }
  | { kind: 'answered'; item: string }
  | { kind: 'item'; item: string; value: string }
  | { kind: 'reverse'; item: string; value: string };

// PostgreSQL allows 1,664 output columns; a template-sized poll needs about 40 counters, a huge one
// (100 items × 20 options) is counted in several passes.
const COUNTERS_PER_QUERY = 500;

function countersOf(schema: ScoringFormSchema): Counter[] {
  const [overall, items] = schema.evaluationGroups;
  const rev = schema.reverseEvaluation;
  return [
    ...overall.options.map((o) => ({ kind: 'overall' as const, value: o.value })),
    ...items.items.flatMap((i) => [
      { kind: 'answered' as const, item: i.id },
      ...items.options.map((o) => ({ kind: 'item' as const, item: i.id, value: o.value })),
    ]),
    ...rev.items.flatMap((i) =>
      rev.options.map((o) => ({ kind: 'reverse' as const, item: i.id, value: o.value })),
    ),
  ];
}

/**
 * Counts of every answer value per (vote type, target) of one scoring poll, plus ballots, score sum (in
 * tenths), min and max. One scan per pass: the innermost query takes the items and reverse objects out of
 * the jsonb once, the middle one reads each answer once (OFFSET 0 keeps PostgreSQL from folding them back
 * into every FILTER), and the outer one counts with FILTER: several times faster than jsonb_each + GROUP BY.
 */
export async function scoringBuckets(
  db: Db,
  schema: ScoringFormSchema,
  filter: BucketFilter,
): Promise<Map<string, Bucket>> {
  const counters = countersOf(schema);
  const buckets = new Map<string, Bucket>();
  const bucketOf = (voteTypeId: number, targetId: number) => {
    const key = `${voteTypeId}:${targetId}`;
    let b = buckets.get(key);
    if (!b) buckets.set(key, (b = emptyBucket()));
    return b;
  };
  const where = sql.join(
    [
      sql`round_id = ${filter.roundId}`,
      sql`poll_id = ${filter.pollId}`,
      // Test ballots (试投票) are never counted.
      sql`NOT is_test`,
      // Nor are the ballots of a vote type still open (decision 0041).
      revealedSql('votes'),
      filter.voteTypeId === undefined ? undefined : sql`vote_type_id = ${filter.voteTypeId}`,
      filter.targetId === undefined ? undefined : sql`target_id = ${filter.targetId}`,
    ].filter((x): x is SQL => !!x),
    sql` AND `,
  );
  for (let start = 0; start === 0 || start < counters.length; start += COUNTERS_PER_QUERY) {
    const chunk = counters.slice(start, start + COUNTERS_PER_QUERY);
    // Inner columns: one per answer read (overall, each item, each reverse item) the chunk needs.
    const columns = new Map<string, { alias: string; expr: SQL }>();
    const column = (group: 'items' | 'reverse' | 'overall', item = '') => {
      const key = `${group}\u0000${item}`;
      let c = columns.get(key);
      if (!c) {
        const alias = `a${columns.size}`;
        const expr =
          group === 'overall' ? sql`o` : sql`${sql.raw(group === 'items' ? 'it' : 'rv')}->>${item}::text`;
        columns.set(key, (c = { alias, expr }));
      }
      return sql.raw(c.alias);
    };
    const aggregates = chunk.map((c, i) => {
      const name = sql.raw(`c${i}`);
      if (c.kind === 'overall')
        return sql`count(*) FILTER (WHERE ${column('overall')} = ${c.value})::int AS ${name}`;
      if (c.kind === 'answered') return sql`count(${column('items', c.item)})::int AS ${name}`;
      const col = column(c.kind === 'item' ? 'items' : 'reverse', c.item);
      return sql`count(*) FILTER (WHERE ${col} = ${c.value})::int AS ${name}`;
    });
    const inner = [...columns.values()].map((c) => sql`${c.expr} AS ${sql.raw(c.alias)}`);
    const rows = await rowsOf<Record<string, number | string | null>>(
      db,
      sql`SELECT vote_type_id, target_id, count(*)::int AS n,
            sum(round(score * 10))::float8 AS tenths, min(score) AS min, max(score) AS max
            ${aggregates.length ? sql`, ${sql.join(aggregates, sql`, `)}` : sql``}
          FROM (
            SELECT vote_type_id, target_id, score${inner.length ? sql`, ${sql.join(inner, sql`, `)}` : sql``}
            FROM (
              SELECT vote_type_id, target_id, score,
                answers->>'overall' AS o, answers->'items' AS it, answers->'reverse' AS rv
              FROM votes WHERE ${where}
              OFFSET 0
            ) x
            OFFSET 0
          ) v
          GROUP BY vote_type_id, target_id`,
    );
    for (const row of rows) {
      const b = bucketOf(Number(row.vote_type_id), Number(row.target_id));
      if (start === 0) {
        b.count = Number(row.n);
        b.tenths = Number(row.tenths);
        b.min = row.min === null ? null : Number(row.min);
        b.max = row.max === null ? null : Number(row.max);
      }
      chunk.forEach((c, i) => addCounter(b, c, Number(row[`c${i}`] ?? 0)));
    }
  }
  return buckets;
}

function addCounter(b: Bucket, c: Counter, n: number) {
  if (c.kind === 'overall') {
    if (n) b.overall.set(c.value, n);
    return;
  }
  if (c.kind === 'reverse') {
    const values = b.reverse.get(c.item) ?? new Map<string, number>();
    if (n) values.set(c.value, n);
    b.reverse.set(c.item, values);
    return;
  }
  const item = b.items.get(c.item) ?? { answered: 0, values: new Map<string, number>() };
  if (c.kind === 'answered') item.answered = n;
  else if (n) item.values.set(c.value, n);
  b.items.set(c.item, item);
}

/**
 * What the comparison with an earlier round needs of its targets, per (vote type, target): formal
 * ballots, their score sum in tenths and the count of each overall grade. One light scan of the round.
 */
export async function overallCounts(db: Db, roundId: number, targetIds: readonly number[]) {
  if (targetIds.length === 0) return [];
  const rows = await rowsOf<{
    vote_type_id: number;
    target_id: number;
    o: string | null;
    n: number;
    tenths: number;
  }>(
    db,
    sql`SELECT vote_type_id, target_id, answers->>'overall' AS o, count(*)::int AS n,
          sum(round(score * 10))::float8 AS tenths
        FROM votes
        WHERE round_id = ${roundId} AND NOT is_test AND ${revealedSql('votes')}
          AND target_id IN (${sql.join(
            targetIds.map((id) => sql`${id}::integer`),
            sql`, `,
          )})
        GROUP BY vote_type_id, target_id, answers->>'overall'`,
  );
  return rows.map((r) => ({
    voteTypeId: Number(r.vote_type_id),
    targetId: Number(r.target_id),
    overall: r.o,
    count: Number(r.n),
    tenths: Number(r.tenths),
  }));
}
