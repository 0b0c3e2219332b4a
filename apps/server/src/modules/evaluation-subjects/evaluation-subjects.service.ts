import type {
  EvaluationSubject,
  EvaluationSubjectCreateBody,
  EvaluationSubjectReorderBody,
  EvaluationSubjectUpdateBody,
} from '@kaoping/contracts/evaluation-subject';
import type { Db } from '../../db/client';
import { subjectHasVotes } from '../ballots/cadre-votes.repository';
import { evaluationSubjects } from '../../db/schema';
import * as roster from '../shared/roster.service';
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

/** The evaluation subjects as a roster (modules/shared/roster.service.ts). */
const subjects: roster.Roster<
  repo.EvaluationSubjectRow,
  repo.EvaluationSubjectInsert,
  repo.EvaluationSubjectPatch,
  EvaluationSubject
> = {
  label: '评议对象',
  notFound: 'SUBJECT_NOT_FOUND',
  table: evaluationSubjects,
  deleteAction: 'evaluation_subject.delete',
  find: repo.findSubject,
  list: (db, roundId) => repo.listSubjects(db, roundId),
  insert: repo.insertSubject,
  update: repo.updateSubject,
  remove: repo.deleteSubject,
  hasVotes: (db, row) => subjectHasVotes(db, row.roundId, row.id),
  map: mapEvaluationSubject,
};

/** All subjects of the unit's current round, active or not, by sort_order then id. */
export async function listEvaluationSubjects(db: Db, companyId: number) {
  return roster.currentRows(db, subjects, companyId);
}

/** A new subject goes into the unit's current round. */
export async function createEvaluationSubject(db: Db, body: EvaluationSubjectCreateBody) {
  return roster.createRow(db, subjects, body.company_id, async (tx, roundId) => ({
    companyId: body.company_id,
    roundId,
    name: body.name,
    birthDate: body.birth_date,
    previousPosition: body.previous_position,
    currentPosition: body.current_position,
    isActive: body.is_active,
    // Spec §4: one above the current maximum, starting from 0.
    sortOrder: body.sort_order ?? ((await repo.maxSortOrder(tx, roundId)) ?? -1) + 1,
  }));
}

export async function updateEvaluationSubject(db: Db, id: number, body: EvaluationSubjectUpdateBody) {
  return roster.updateRow(db, subjects, id, body.company_id, {
    name: body.name,
    birthDate: body.birth_date,
    previousPosition: body.previous_position,
    currentPosition: body.current_position,
    isActive: body.is_active,
    sortOrder: body.sort_order,
  });
}

/** Deleting a subject that ballots already mention loses data from the results: advanced mode only. */
export const deleteEvaluationSubject = (db: Db, id: number, opts: roster.DeleteOptions) =>
  roster.deleteRow(db, subjects, id, opts);

/** Rewrites sort_order of the listed subjects, all or nothing; every id must belong to the company. */
export const reorderEvaluationSubjects = (db: Db, body: EvaluationSubjectReorderBody) =>
  roster.reorderRows(db, subjects, body);
