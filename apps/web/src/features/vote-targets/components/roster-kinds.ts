import type { EvaluationSubject } from '@kaoping/contracts/evaluation-subject';
import type { VoteTarget } from '@kaoping/contracts/vote-target';
import { subjectsKey } from '@/api/evaluation-subjects';
import { targetsKey } from '@/api/vote-targets';
import { errorDetail } from '@/lib/api-client';
import { subjectsApi, type SubjectInput } from '../api/evaluation-subjects';
import { targetsApi } from '../api/vote-targets';
import { changedSubjectOrders, nextSubjectSortOrder } from '../lib/subject-order';
import { appraisalTargetOrders, nextTargetSortOrder } from '../lib/target-order';
import type { RosterKind } from './use-roster-actions';
import type { TargetFields } from './target-form-modal';

/** 测评对象 (spec screen 10): STEP × (index + 1) for every row; the type is fixed after creation. */
export const TARGET_ROSTER: RosterKind<VoteTarget, TargetFields> = {
  noun: '测评对象',
  importPath: 'vote-targets',
  key: targetsKey,
  api: targetsApi,
  nextSortOrder: (rows) => nextTargetSortOrder(rows.length),
  reorderItems: appraisalTargetOrders,
  editable: ({ type: _type, ...changes }) => changes,
  toasts: {
    updated: '修改成功',
    toggled: (isActive) => (isActive ? '已启用' : '已停用'),
    failure: errorDetail,
  },
};

/** 评议对象 (spec screen 9): the index from 0, only the changed rows; every field can be edited. */
export const SUBJECT_ROSTER: RosterKind<EvaluationSubject, SubjectInput> = {
  noun: '评议对象',
  importPath: 'evaluation-subjects',
  key: subjectsKey,
  api: subjectsApi,
  nextSortOrder: nextSubjectSortOrder,
  reorderItems: changedSubjectOrders,
  editable: (values) => values,
  toasts: {
    updated: '更新成功',
    toggled: () => '状态已更新',
    failure: (_err, fallback) => fallback,
  },
};
