import type {
  VoteTarget,
  VoteTargetReorderBody,
  VoteTargetCreateInput,
  VoteTargetUpdateBody,
} from '@kaoping/contracts/vote-target';
import { adminRequest } from '@/lib/api-client';

// Reading the list is shared with the results filters: see `@/api/vote-targets`.

export const createTarget = (body: VoteTargetCreateInput) =>
  adminRequest<VoteTarget>('/admin/vote-targets/', { method: 'POST', body });

/** company_id is always sent so that the server refuses a target of another company. */
export const updateTarget = (id: number, body: VoteTargetUpdateBody & { company_id: number }) =>
  adminRequest<VoteTarget>(`/admin/vote-targets/${id}`, { method: 'PUT', body });

export const deleteTarget = (id: number, companyId: number) =>
  adminRequest<void>(`/admin/vote-targets/${id}`, { method: 'DELETE', query: { company_id: companyId } });

/** Answers the company's whole list in its new order. */
export const reorderTargets = (body: VoteTargetReorderBody) =>
  adminRequest<VoteTarget[]>('/admin/vote-targets/reorder', { method: 'PUT', body });
