import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE } from '@kaoping/contracts/constants';
import { COVER_FILE_FIELD, type Cover, type CoverKind } from '@kaoping/contracts/cover';
import { adminFetch, adminRequest, refusal } from '@/lib/api-client';

/** A 10 MB file on a slow office line takes longer than the usual 10 s request timeout. */
const UPLOAD_TIMEOUT_MS = 120_000;

export const coverKey = (companyId: number, voteTypeId: number, kind: CoverKind) =>
  ['covers', companyId, voteTypeId, kind] as const;

const base = (kind: CoverKind) => (kind === 'front' ? '/admin/covers' : '/admin/covers/back-cover');

export const getCover = (companyId: number, voteTypeId: number, kind: CoverKind) =>
  adminRequest<Cover | null>(`${base(kind)}/${companyId}/${voteTypeId}`);

export const coverQueryOptions = (companyId: number, voteTypeId: number, kind: CoverKind) =>
  queryOptions({
    queryKey: coverKey(companyId, voteTypeId, kind),
    queryFn: () => getCover(companyId, voteTypeId, kind),
  });

/** The front or back cover of a vote type, or null when none was uploaded. */
export function useCover(companyId: number, voteTypeId: number, kind: CoverKind) {
  return useQuery(coverQueryOptions(companyId, voteTypeId, kind));
}

/** Uploads (or replaces) a cover; the server recognises the format from the bytes. */
export function uploadCover(
  companyId: number,
  voteTypeId: number,
  kind: CoverKind,
  file: Blob,
  name: string,
) {
  const body = new FormData();
  body.append(COVER_FILE_FIELD, file, name);
  return adminRequest<Cover>(`${base(kind)}/`, {
    method: 'POST',
    query: { company_id: companyId, vote_type_id: voteTypeId },
    body,
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
}

export const deleteCover = (cover: Cover) =>
  cover.kind === 'front'
    ? adminRequest<void>(`/admin/covers/${cover.id}`, {
        method: 'DELETE',
        query: { company_id: cover.company_id },
      })
    : adminRequest<void>(`/admin/covers/back-cover/${cover.company_id}/${cover.vote_type_id}`, {
        method: 'DELETE',
      });

/**
 * Gives every other vote type of the company this vote type's front or back cover (replacing theirs),
 * in one call; answers how many vote types got it.
 */
export const applyCoverToAll = (companyId: number, voteTypeId: number, kind: CoverKind) =>
  adminRequest<{ count: number }>('/admin/covers/apply-to-all', {
    method: 'POST',
    query: { company_id: companyId, vote_type_id: voteTypeId, kind },
    // The database copies up to 10 MB per vote type.
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });

/** The cover's bytes; they need the bearer token, so they are fetched here rather than by an <img>. */
export async function fetchCoverBlob(url: Cover['url'], signal?: AbortSignal): Promise<Blob> {
  const path = url.startsWith(API_BASE) ? url.slice(API_BASE.length) : url;
  const res = await adminFetch(path, { signal, timeoutMs: UPLOAD_TIMEOUT_MS });
  if (!res.ok) throw refusal(res, await res.json().catch(() => undefined));
  return res.blob();
}
