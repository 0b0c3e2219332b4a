import {
  APPRAISAL_REORDER_STEP,
  type VoteTarget,
  type VoteTargetCreateBody,
  type VoteTargetListQuery,
  type VoteTargetReorderBody,
  type VoteTargetUpdateBody,
} from '@kaoping/contracts/vote-target';
import type { Db } from '../../db/client';
import { forbidden, invalid, isForeignKeyViolation, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../audit/audit.repository';
import { targetHasVotes } from '../ballots/votes.repository';
import { assertRoundWritable, currentRound, writableCurrentRound } from '../rounds/round-scope';
import { voteTargets } from '../../db/schema';
import { reorderWithinCompany } from '../shared/company-order.service';
import * as repo from './vote-targets.repository';

export function mapVoteTarget(row: repo.VoteTargetRow): VoteTarget {
  return {
    id: row.id,
    company_id: row.companyId,
    name: row.name,
    type: row.type as VoteTarget['type'],
    title: row.title,
    is_active: row.isActive,
    sort_order: row.sortOrder,
    created_at: row.createdAt.toISOString(),
  };
}

/** The target, or 404 when it does not exist or belongs to another company than the one given. */
async function getScopedTarget(db: Db, id: number, companyId?: number) {
  const row = await repo.findVoteTarget(db, id);
  if (!row || (companyId !== undefined && row.companyId !== companyId)) throw notFound('测评对象不存在');
  return row;
}

/** The current round's targets. */
export async function listVoteTargets(db: Db, query: VoteTargetListQuery) {
  const round = await currentRound(db, query.company_id);
  const rows = await repo.listVoteTargets(db, round.id, { type: query.target_type });
  return rows.map(mapVoteTarget);
}

/** A new target goes into the unit's current round. */
export async function createVoteTarget(db: Db, body: VoteTargetCreateBody) {
  return db.transaction(async (tx) => {
    const round = await writableCurrentRound(tx, body.company_id);
    return insertInRound(tx, round.id, body);
  });
}

async function insertInRound(db: Db, roundId: number, body: VoteTargetCreateBody) {
  let sortOrder = body.sort_order;
  if (sortOrder === undefined) {
    // Spec: STEP × (count + 1); never below the current last row, so a new target always lands at the end.
    const stats = await repo.sortStats(db, roundId);
    sortOrder = Math.max(
      APPRAISAL_REORDER_STEP * (stats.count + 1),
      (stats.max ?? 0) + APPRAISAL_REORDER_STEP,
    );
  }
  try {
    const row = await repo.insertVoteTarget(db, {
      companyId: body.company_id,
      roundId,
      name: body.name,
      type: body.type,
      title: body.title,
      isActive: body.is_active,
      sortOrder,
    });
    return mapVoteTarget(row);
  } catch (err) {
    // The company was deleted between the check and the insert.
    if (isForeignKeyViolation(err)) throw notFound('单位不存在');
    throw err;
  }
}

export async function updateVoteTarget(db: Db, id: number, body: VoteTargetUpdateBody) {
  return db.transaction(async (tx) => {
    const row = await getScopedTarget(tx, id, body.company_id);
    await assertRoundWritable(tx, row.roundId);
    if (body.type !== undefined && body.type !== row.type) throw invalid('对象类型创建后不能修改');
    const updated = await repo.updateVoteTarget(tx, id, {
      name: body.name,
      title: body.title,
      isActive: body.is_active,
      sortOrder: body.sort_order,
    });
    if (!updated) throw notFound('测评对象不存在');
    return mapVoteTarget(updated);
  });
}

/** Deleting a target that ballots already refer to loses data from the results: advanced mode only. */
export async function deleteVoteTarget(
  db: Db,
  id: number,
  opts: { companyId?: number; actor: Actor; elevated: boolean },
) {
  await db.transaction(async (tx) => {
    const row = await getScopedTarget(tx, id, opts.companyId);
    await assertRoundWritable(tx, row.roundId);
    const used = await targetHasVotes(tx, id);
    if (used && !opts.elevated) throw forbidden('该测评对象已有投票记录，删除需要先进入高级模式');
    await repo.deleteVoteTarget(tx, id);
    await recordAudit(tx, opts.actor, 'vote_target.delete', {
      id,
      company_id: row.companyId,
      name: row.name,
      had_votes: used,
    });
  });
}

/** Rewrites sort_order of the listed targets, all or nothing; every id must belong to the company. */
export async function reorderVoteTargets(db: Db, body: VoteTargetReorderBody) {
  return db.transaction(async (tx) => {
    await reorderWithinCompany(tx, voteTargets, body, '测评对象');
    const round = await currentRound(tx, body.company_id);
    return (await repo.listVoteTargets(tx, round.id)).map(mapVoteTarget);
  });
}
