import type { Round } from '@kaoping/contracts/rounds';
import type { Db } from '../../db/client';
import { fail } from '../../lib/errors';
import * as repo from './rounds.repository';

export function mapRound(row: repo.RoundRow): Round {
  return {
    id: row.id,
    company_id: row.companyId,
    name: row.name,
    year: row.year,
    state: row.state as Round['state'],
    created_at: row.createdAt.toISOString(),
    archived_at: row.archivedAt?.toISOString() ?? null,
  };
}

/** The unit's current round, or 404 '单位不存在' (every unit has one). */
export async function currentRound(db: Db, companyId: number) {
  const row = await repo.findCurrentRound(db, companyId);
  if (!row) throw fail('COMPANY_NOT_FOUND');
  return row;
}

/**
 * The round a read looks at: `roundId` when given (404 '测评批次不存在' unless it is a round of that
 * unit), else the unit's current round.
 */
export async function roundOf(db: Db, companyId: number, roundId?: number) {
  if (roundId === undefined) return currentRound(db, companyId);
  const row = await repo.findRound(db, roundId);
  if (!row || row.companyId !== companyId) throw fail('ROUND_NOT_FOUND');
  return row;
}

/**
 * The round a records read filters on: `roundId` when given (404 unless a round of `companyId`, when
 * that is given), else the unit's current round (0, no round, for an unknown unit: an empty list, as
 * before rounds), else undefined: every unit's current round.
 */
export async function recordsRound(db: Db, companyId?: number, roundId?: number) {
  if (roundId !== undefined) {
    const row = await repo.findRound(db, roundId);
    if (!row || (companyId !== undefined && row.companyId !== companyId)) {
      throw fail('ROUND_NOT_FOUND');
    }
    return row.id;
  }
  if (companyId === undefined) return undefined;
  return (await repo.findCurrentRound(db, companyId))?.id ?? 0;
}

/**
 * Refuses (409 '该测评批次已归档，不能修改') a write into an archived round. Call it inside the write's
 * transaction, before writing: it holds the round row FOR SHARE until the commit, so archiving waits for
 * the write, and a write that waited for an archiving sees it.
 */
export async function assertRoundWritable(tx: Db, roundId: number) {
  const row = await repo.lockRoundShared(tx, roundId);
  if (!row) throw fail('ROUND_NOT_FOUND');
  if (row.state !== 'current') throw fail('ROUND_READ_ONLY');
}

/** The current round of the unit, checked writable inside the transaction (creates go there). */
export async function writableCurrentRound(tx: Db, companyId: number) {
  const row = await currentRound(tx, companyId);
  await assertRoundWritable(tx, row.id);
  return row;
}
