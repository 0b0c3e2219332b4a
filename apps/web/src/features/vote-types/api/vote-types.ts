import type { VoteType, VoteTypeCreateInput, VoteTypeUpdateBody } from '@kaoping/contracts/vote-type';
import { adminRequest } from '@/lib/api-client';

// Reading the list is shared by several screens: see `@/api/vote-types`. Writing is this screen's alone.

export const createVoteType = (body: VoteTypeCreateInput) =>
  adminRequest<VoteType>('/admin/vote-types/', { method: 'POST', body });

/** company_id is always sent so that the server refuses a vote type of another company. */
export const updateVoteType = (id: number, body: VoteTypeUpdateBody & { company_id: number }) =>
  adminRequest<VoteType>(`/admin/vote-types/${id}`, { method: 'PUT', body });

export const deleteVoteType = (id: number, companyId: number) =>
  adminRequest<void>(`/admin/vote-types/${id}`, { method: 'DELETE', query: { company_id: companyId } });

/** 结束投票: the phones stop at once (unused phone codes voided); printed paper is still keyed. */
export const closeVoteType = (id: number) =>
  adminRequest<VoteType>(`/admin/vote-types/${id}/close`, { method: 'POST' });

/**
 * 完成计票: after 结束投票, once every paper sheet is keyed and checked; the printed sheets never keyed are
 * voided and the figures are final (409 while a sheet waits for its second entry or a settlement).
 */
export const finishCount = (id: number) =>
  adminRequest<VoteType>(`/admin/vote-types/${id}/finish-count`, { method: 'POST' });

/** 重新开放 (advanced mode: 403 until the admin re-enters the password): back one step. */
export const reopenVoteType = (id: number) =>
  adminRequest<VoteType>(`/admin/vote-types/${id}/reopen`, { method: 'POST' });

/** 转为正式投票 (advanced mode): deletes every test ballot and voids the codes used while testing. */
export const goFormal = (id: number) =>
  adminRequest<VoteType>(`/admin/vote-types/${id}/go-formal`, { method: 'POST' });
