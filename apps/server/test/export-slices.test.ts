// An export's slices (issue 28): the formal ballots of the round's ended vote types, read vote type by vote
// type through the (vote_type_id, id) index and merged by id, are exactly the rows (and the order) of one
// range over the round, with none of a vote type still 投票中, and a vote type reopened while an export
// runs gives no further rows. Both databases.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedAppraisal, type Exec } from '../../../bench/results.seed';
import { rowsOf } from '../src/db/client';
import { EXPORT_BATCH, voteBatches } from '../src/modules/ballots/ballot-batches.repository';
import { useAdminWorld } from './helpers/ballot-world';

const w = useAdminWorld({ reset: false });
let roundId: number;
let voteTypes: number[];

const db = () => w.ctx.database.db;
const exec: Exec = (q, p) => (db() as unknown as { $client: { query: Exec } }).$client.query(q, p);

/** The reference: the round's formal ballots of the given vote types, in id order, in one statement. */
async function expectedIds(of: number[]) {
  const rows = await rowsOf<{ id: string | number }>(
    db(),
    sql`SELECT id FROM votes WHERE round_id = ${roundId} AND NOT is_test
        AND vote_type_id IN (${sql.join(of, sql`, `)}) ORDER BY id`,
  );
  return rows.map((r) => Number(r.id));
}

beforeAll(async () => {
  const { companyId, rounds } = await seedAppraisal(exec, { voters: 600, voteTypes: 3, targets: 2 });
  roundId = rounds[rounds.length - 1]!;
  voteTypes = (
    await rowsOf<{ id: number }>(
      db(),
      sql`SELECT id FROM vote_types WHERE company_id = ${companyId} ORDER BY id`,
    )
  ).map((r) => Number(r.id));
  // A few rehearsal ballots in an ended vote type: never exported.
  await db().execute(
    sql`UPDATE votes SET is_test = true WHERE id IN (SELECT id FROM votes WHERE vote_type_id = ${voteTypes[0]!} ORDER BY id LIMIT 7)`,
  );
}, 120_000);

const setClosed = (ids: number[], closed: boolean) =>
  db().execute(
    sql`UPDATE vote_types SET closed_at = ${closed ? sql`now()` : sql`NULL`}, counted_at = NULL, closes_at = NULL
        WHERE id IN (${sql.join(ids, sql`, `)})`,
  );

describe('an export of a round with ended and open vote types', () => {
  it('reads every formal ballot of the ended vote types once, in id order, 250 a slice, none of the open one', async () => {
    const [a, b, open] = voteTypes as [number, number, number];
    await setClosed([a, b], true);
    await setClosed([open], false);
    const expected = await expectedIds([a, b]);
    expect(expected.length).toBeGreaterThan(2 * EXPORT_BATCH); // slices end inside both vote types
    const openIds = new Set(await expectedIds([open]));
    expect(openIds.size).toBeGreaterThan(0);

    const sizes: number[] = [];
    const ids: number[] = [];
    for await (const batch of voteBatches(db(), roundId)) {
      sizes.push(batch.length);
      ids.push(...batch.map((r) => Number(r.id)));
    }
    expect(ids).toEqual(expected);
    expect(ids.some((id) => openIds.has(id))).toBe(false);
    expect(sizes.slice(0, -1).every((n) => n === EXPORT_BATCH)).toBe(true);
    expect(sizes.at(-1)).toBe(expected.length - EXPORT_BATCH * (sizes.length - 1));
  });

  it('gives no further rows of a vote type reopened while the export runs', async () => {
    const [a, b, open] = voteTypes as [number, number, number];
    await setClosed([a, b], true);
    await setClosed([open], false);
    const ofB = new Set(await expectedIds([b]));
    const ids: number[] = [];
    let first = true;
    for await (const batch of voteBatches(db(), roundId)) {
      ids.push(...batch.map((r) => Number(r.id)));
      if (first) {
        first = false;
        await setClosed([b], false); // 重新开启 after the first slice
      }
    }
    const fromB = ids.filter((id) => ofB.has(id));
    // Only what the slices read before the reopening (at most a slice of b, and the one fetched with it).
    expect(fromB.length).toBeLessThanOrEqual(2 * EXPORT_BATCH);
    expect(fromB.length).toBeLessThan(ofB.size);
    // Every ballot of the vote type still ended is there, in order.
    expect(ids.filter((id) => !ofB.has(id))).toEqual(await expectedIds([a]));
  });
});
