import type {
  EvaluationSubject,
  EvaluationSubjectCreateBody,
  EvaluationSubjectReorderBody,
  EvaluationSubjectUpdateBody,
} from '@kaoping/contracts/evaluation-subject';
import type { Db } from '../../db/client';
import { forbidden, isForeignKeyViolation, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../audit/audit.repository';
import { subjectHasVotes } from '../ballots/cadre-votes.repository';
import { assertRoundWritable, currentRound, writableCurrentRound } from '../rounds/round-scope';
import { evaluationSubjects } from '../../db/schema';
import { reorderWithinCompany } from '../shared/company-order.service';
import * as repo from './evaluation-subjects.repository';

export function mapEvaluationSubject(row: repo.EvaluationSubjectRow): EvaluationSubject {
  return {
    id: row.id,
    company_id: row.companyId,
    name: row.name,
    birth_date: row.birthDate,
    previous_position: row.previousPosition,
    current_position: row.currentPosition,
    is_active: row.isActive,
    sort_order: row.sortOrder,
    created_at: row.createdAt.toISOString(),
  };
}

/** Subject ids named by the `subject_{id}` keys of newly promoted answers. */
export function subjectIdsIn(answers: readonly unknown[]): number[] {
  const ids = new Set<number>();
  for (const a of answers) {
    for (const key of Object.keys((a ?? {}) as object)) {
      const m = /^subject_(\d+)$/.exec(key);
      if (m) ids.add(Number(m[1]));
    }
  }
  return [...ids];
}

/** The subject, or 404 when it does not exist or belongs to another company than the one given. */
async function getScopedSubject(db: Db, id: number, companyId?: number) {
  const row = await repo.findSubject(db, id);
  if (!row || (companyId !== undefined && row.companyId !== companyId)) throw notFound('评议对象不存在');
  return row;
}

/** All subjects of the unit's current round, active or not, by sort_order then id. */
export async function listEvaluationSubjects(db: Db, companyId: number) {
  const round = await currentRound(db, companyId);
  return (await repo.listSubjects(db, round.id)).map(mapEvaluationSubject);
}

/** A new subject goes into the unit's current round. */
export async function createEvaluationSubject(db: Db, body: EvaluationSubjectCreateBody) {
  return db.transaction(async (tx) => {
    const round = await writableCurrentRound(tx, body.company_id);
    return insertInRound(tx, round.id, body);
  });
}

async function insertInRound(db: Db, roundId: number, body: EvaluationSubjectCreateBody) {
  // Spec §4: one above the current maximum, starting from 0.
  const sortOrder = body.sort_order ?? ((await repo.maxSortOrder(db, roundId)) ?? -1) + 1;
  try {
    const row = await repo.insertSubject(db, {
      companyId: body.company_id,
      roundId,
      name: body.name,
      birthDate: body.birth_date,
      previousPosition: body.previous_position,
      currentPosition: body.current_position,
      isActive: body.is_active,
      sortOrder,
    });
    return mapEvaluationSubject(row);
  } catch (err) {
    if (isForeignKeyViolation(err)) throw notFound('单位不存在');
    throw err;
  }
}

export async function updateEvaluationSubject(db: Db, id: number, body: EvaluationSubjectUpdateBody) {
  return db.transaction(async (tx) => {
    const current = await getScopedSubject(tx, id, body.company_id);
    await assertRoundWritable(tx, current.roundId);
    const row = await repo.updateSubject(tx, id, {
      name: body.name,
      birthDate: body.birth_date,
      previousPosition: body.previous_position,
      currentPosition: body.current_position,
      isActive: body.is_active,
      sortOrder: body.sort_order,
    });
    if (!row) throw notFound('评议对象不存在');
    return mapEvaluationSubject(row);
  });
}

/** Deleting a subject that ballots already mention loses data from the results: advanced mode only. */
export async function deleteEvaluationSubject(
  db: Db,
  id: number,
  opts: { companyId?: number; actor: Actor; elevated: boolean },
) {
  await db.transaction(async (tx) => {
    const row = await getScopedSubject(tx, id, opts.companyId);
    await assertRoundWritable(tx, row.roundId);
    const used = await subjectHasVotes(tx, row.roundId, id);
    if (used && !opts.elevated) throw forbidden('该评议对象已有投票记录，删除需要先进入高级模式');
    await repo.deleteSubject(tx, id);
    await recordAudit(tx, opts.actor, 'evaluation_subject.delete', {
      id,
      company_id: row.companyId,
      name: row.name,
      had_votes: used,
    });
  });
}

/** Rewrites sort_order of the listed subjects, all or nothing; every id must belong to the company. */
export async function reorderEvaluationSubjects(db: Db, body: EvaluationSubjectReorderBody) {
  return db.transaction(async (tx) => {
    await reorderWithinCompany(tx, evaluationSubjects, body, '评议对象');
    const round = await currentRound(tx, body.company_id);
    return (await repo.listSubjects(tx, round.id)).map(mapEvaluationSubject);
  });
}
