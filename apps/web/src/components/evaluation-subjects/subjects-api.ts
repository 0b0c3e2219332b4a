import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  EvaluationSubject,
  EvaluationSubjectReorderBody,
  EvaluationSubjectUpdateBody,
  evaluationSubjectCreateBody,
} from '@kaoping/contracts/evaluation-subject';
import type { z } from 'zod';
import { adminRequest } from '@/lib/api-client';

/** Query key of one company's evaluation subjects (the newly promoted page shares it). */
export const subjectsKey = (companyId: number) => ['evaluation-subjects', companyId] as const;

export const getSubjects = (companyId: number) =>
  adminRequest<EvaluationSubject[]>(`/admin/evaluation-subjects/company/${companyId}`);

export const subjectsQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: subjectsKey(companyId), queryFn: () => getSubjects(companyId) });

/** Every subject of the company (disabled ones too), by sort_order; idle without a company. */
export function useSubjects(companyId: number | undefined) {
  return useQuery({ ...subjectsQueryOptions(companyId ?? 0), enabled: companyId !== undefined });
}

/** What the client sends (server defaults fill the rest). */
export type SubjectCreateBody = z.input<typeof evaluationSubjectCreateBody>;
export type SubjectInput = Required<Omit<SubjectCreateBody, 'company_id' | 'is_active' | 'sort_order'>>;

export const createSubject = (body: SubjectCreateBody) =>
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
