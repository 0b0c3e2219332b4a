import type {
  EvaluationSubject,
  EvaluationSubjectReorderBody,
  EvaluationSubjectCreateInput,
  EvaluationSubjectUpdateBody,
} from '@kaoping/contracts/evaluation-subject';
import { adminRequest } from '@/lib/api-client';

// Reading the list is shared with the newly promoted page: see `@/api/evaluation-subjects`.

/** The fields of the add/edit dialog. */
export type SubjectInput = Required<
  Omit<EvaluationSubjectCreateInput, 'company_id' | 'is_active' | 'sort_order'>
>;

export const createSubject = (body: EvaluationSubjectCreateInput) =>
  adminRequest<EvaluationSubject>('/admin/evaluation-subjects/', { method: 'POST', body });

/** company_id is always sent so that the server refuses a subject of another company. */
export const updateSubject = (id: number, body: EvaluationSubjectUpdateBody & { company_id: number }) =>
  adminRequest<EvaluationSubject>(`/admin/evaluation-subjects/${id}`, { method: 'PUT', body });

export const deleteSubject = (id: number, companyId: number) =>
  adminRequest<void>(`/admin/evaluation-subjects/${id}`, {
    method: 'DELETE',
    query: { company_id: companyId },
  });

/** Answers the company's whole list in its new order. */
export const reorderSubjects = (body: EvaluationSubjectReorderBody) =>
  adminRequest<EvaluationSubject[]>('/admin/evaluation-subjects/reorder', { method: 'PUT', body });
