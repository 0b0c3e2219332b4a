import {
  APPRAISAL_REORDER_STEP,
  type VoteTarget,
  type VoteTargetCreateBody,
  type VoteTargetListQuery,
  type VoteTargetReorderBody,
  type VoteTargetUpdateBody,
} from '@kaoping/contracts/vote-target';
import type { Db } from '../../db/client';
import { fail } from '../../lib/errors';
import { targetHasVotes } from '../ballots/votes.repository';
import { voteTargets } from '../../db/schema';
import * as roster from '../shared/roster.service';
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

/** The appraisal targets as a roster (modules/shared/roster.service.ts). */
const targets: roster.Roster<repo.VoteTargetRow, repo.VoteTargetInsert, repo.VoteTargetPatch, VoteTarget> = {
  label: '测评对象',
  notFound: 'VOTE_TARGET_NOT_FOUND',
  table: voteTargets,
  deleteAction: 'vote_target.delete',
  find: repo.findVoteTarget,
  list: (db, roundId) => repo.listVoteTargets(db, roundId),
  insert: repo.insertVoteTarget,
  update: repo.updateVoteTarget,
  remove: repo.deleteVoteTarget,
  hasVotes: (db, row) => targetHasVotes(db, row.id),
  map: mapVoteTarget,
};

/** The current round's targets. */
export async function listVoteTargets(db: Db, query: VoteTargetListQuery) {
  return roster.currentRows(db, targets, query.company_id, (roundId) =>
    repo.listVoteTargets(db, roundId, { type: query.target_type }),
  );
}

/** A new target goes into the unit's current round. */
export async function createVoteTarget(db: Db, body: VoteTargetCreateBody) {
  return roster.createRow(db, targets, body.company_id, async (tx, roundId) => {
    let sortOrder = body.sort_order;
    if (sortOrder === undefined) {
      // Spec: STEP × (count + 1); never below the current last row, so a new target always lands at the end.
      const stats = await repo.sortStats(tx, roundId);
      sortOrder = Math.max(
        APPRAISAL_REORDER_STEP * (stats.count + 1),
        (stats.max ?? 0) + APPRAISAL_REORDER_STEP,
      );
    }
    return {
      companyId: body.company_id,
      roundId,
      name: body.name,
      type: body.type,
      title: body.title,
      isActive: body.is_active,
      sortOrder,
    };
  });
}

export async function updateVoteTarget(db: Db, id: number, body: VoteTargetUpdateBody) {
  const patch = { name: body.name, title: body.title, isActive: body.is_active, sortOrder: body.sort_order };
  return roster.updateRow(db, targets, id, body.company_id, patch, (row) => {
    if (body.type !== undefined && body.type !== row.type) throw fail('TARGET_TYPE_LOCKED');
  });
}

/** Deleting a target that ballots already refer to loses data from the results: advanced mode only. */
export const deleteVoteTarget = (db: Db, id: number, opts: roster.DeleteOptions) =>
  roster.deleteRow(db, targets, id, opts);

/** Rewrites sort_order of the listed targets, all or nothing; every id must belong to the company. */
export const reorderVoteTargets = (db: Db, body: VoteTargetReorderBody) =>
  roster.reorderRows(db, targets, body);
