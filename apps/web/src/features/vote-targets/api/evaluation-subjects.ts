import type {
  EvaluationSubject,
  EvaluationSubjectCreateInput,
  EvaluationSubjectUpdateBody,
} from '@kaoping/contracts/evaluation-subject';
import { rosterApi } from './roster';

/** The fields of the add/edit dialog. */
export type SubjectInput = Required<
  Omit<EvaluationSubjectCreateInput, 'company_id' | 'is_active' | 'sort_order'>
>;

export const subjectsApi = rosterApi<
  EvaluationSubject,
  EvaluationSubjectCreateInput,
  EvaluationSubjectUpdateBody
>('/admin/evaluation-subjects');
