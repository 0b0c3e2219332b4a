import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { type ErrorCode, fail, isForeignKeyViolation } from '../../lib/errors';
import { recordAudit } from '../audit/audit.repository';
import { assertRoundWritable, currentRound, writableCurrentRound } from '../rounds/round-scope';
import type { OrderedTable } from './company-order.repository';
import { reorderWithinCompany, type ReorderRequest } from './company-order.service';

interface RosterRowBase {
  id: number;
  companyId: number;
  roundId: number;
  name: string;
}

/**
 * One roster of a unit's round (测评对象, 评议对象): its owner module gives its table, its queries and what
 * tells it apart; the rules below (current round, company scope, archived rounds, delete only in
 * advanced mode once ballots name a row, reorder all or nothing) are the same for both.
 */
export interface Roster<Row extends RosterRowBase, Insert, Patch, Out> {
  /** 测评对象 or 评议对象: names the row in refusals. */
  label: string;
  /** The refusal of a row that does not exist (or is another unit's). */
  notFound: ErrorCode;
  table: OrderedTable;
  /** The audit action of a delete. */
  deleteAction: string;
  find(db: Db, id: number): Promise<Row | undefined>;
  /** The round's rows in display order. */
  list(db: Db, roundId: number): Promise<Row[]>;
  insert(db: Db, values: Insert): Promise<Row>;
  update(db: Db, id: number, patch: Patch): Promise<Row | undefined>;
  remove(db: Db, id: number): Promise<unknown>;
  /** Whether ballots already name the row. */
  hasVotes(db: Db, row: Row): Promise<boolean>;
  map(row: Row): Out;
}

/** The row, or 404 when it does not exist or belongs to another company than the one given. */
async function scopedRow<Row extends RosterRowBase>(
  db: Db,
  roster: Roster<Row, never, never, unknown>,
  id: number,
  companyId?: number,
) {
  const row = await roster.find(db, id);
  if (!row || (companyId !== undefined && row.companyId !== companyId)) throw fail(roster.notFound);
  return row;
}

/** The rows of the unit's current round. */
export async function currentRows<Row extends RosterRowBase, Out>(
  db: Db,
  roster: Roster<Row, never, never, Out>,
  companyId: number,
  list: (roundId: number) => Promise<Row[]> = (roundId) => roster.list(db, roundId),
) {
  const round = await currentRound(db, companyId);
  return (await list(round.id)).map((row) => roster.map(row));
}

/** A new row goes into the unit's current round; `values` completes it there (its sort_order). */
export async function createRow<Row extends RosterRowBase, Insert, Out>(
  db: Db,
  roster: Roster<Row, Insert, never, Out>,
  companyId: number,
  values: (tx: Db, roundId: number) => Promise<Insert>,
) {
  return db.transaction(async (tx) => {
    const round = await writableCurrentRound(tx, companyId);
    try {
      return roster.map(await roster.insert(tx, await values(tx, round.id)));
    } catch (err) {
      // The company was deleted between the check and the insert.
      if (isForeignKeyViolation(err)) throw fail('COMPANY_NOT_FOUND');
      throw err;
    }
  });
}

/** Changes a row of a round that is not archived; `check` refuses a change the roster does not allow. */
export async function updateRow<Row extends RosterRowBase, Patch, Out>(
  db: Db,
  roster: Roster<Row, never, Patch, Out>,
  id: number,
  companyId: number | undefined,
  patch: Patch,
  check: (row: Row) => void = () => {},
) {
  return db.transaction(async (tx) => {
    const row = await scopedRow(tx, roster, id, companyId);
    await assertRoundWritable(tx, row.roundId);
    check(row);
    const updated = await roster.update(tx, id, patch);
    if (!updated) throw fail(roster.notFound);
    return roster.map(updated);
  });
}

/** Who deletes, in which company's scope, and whether in advanced mode. */
export interface DeleteOptions {
  companyId?: number;
  actor: Actor;
  elevated: boolean;
}

/** Deleting a row that ballots already name loses data from the results: advanced mode only. */
export async function deleteRow<Row extends RosterRowBase>(
  db: Db,
  roster: Roster<Row, never, never, unknown>,
  id: number,
  opts: DeleteOptions,
) {
  await db.transaction(async (tx) => {
    const row = await scopedRow(tx, roster, id, opts.companyId);
    await assertRoundWritable(tx, row.roundId);
    const used = await roster.hasVotes(tx, row);
    if (used && !opts.elevated) throw fail('DELETE_NEEDS_ADVANCED', { what: roster.label });
    await roster.remove(tx, id);
    await recordAudit(tx, opts.actor, roster.deleteAction, {
      id,
      company_id: row.companyId,
      name: row.name,
      had_votes: used,
    });
  });
}

/** Rewrites sort_order of the listed rows, all or nothing; every id must belong to the company. */
export async function reorderRows<Row extends RosterRowBase, Out>(
  db: Db,
  roster: Roster<Row, never, never, Out>,
  body: ReorderRequest,
) {
  return db.transaction(async (tx) => {
    await reorderWithinCompany(tx, roster.table, body, roster.label);
    const round = await currentRound(tx, body.company_id);
    return (await roster.list(tx, round.id)).map((row) => roster.map(row));
  });
}
