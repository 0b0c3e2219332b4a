// 民主推荐 (issue 30): the 推荐职位 of a unit's current round, with their 参考人选 (spec: issue 30 "Posts and
// candidates"). The shapes are the contracts' (recommendation.ts).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  RecommendationPost,
  RecommendationPostCreateInput,
  RecommendationPostUpdateBody,
} from '@kaoping/contracts/recommendation';
import { adminRequest } from '@/lib/api-client';

const BASE = '/admin/recommendation-posts';

export const postsKey = (companyId: number) => ['recommendation-posts', companyId] as const;

/** GET /admin/recommendation-posts?company_id=: every post (inactive ones too), candidates in order. */
export const getPosts = (companyId: number) =>
  adminRequest<RecommendationPost[]>(`${BASE}/`, { query: { company_id: companyId } });

export const postsQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: postsKey(companyId), queryFn: () => getPosts(companyId) });

export function usePosts(companyId: number | undefined) {
  return useQuery({ ...postsQueryOptions(companyId ?? 0), enabled: companyId !== undefined });
}

export const postsApi = {
  create: (body: RecommendationPostCreateInput) =>
    adminRequest<RecommendationPost>(`${BASE}/`, { method: 'POST', body }),
  /** company_id is always sent so that the server refuses a post of another unit. */
  update: (id: number, body: RecommendationPostUpdateBody & { company_id: number }) =>
    adminRequest<RecommendationPost>(`${BASE}/${id}`, { method: 'PUT', body }),
  remove: (id: number, companyId: number) =>
    adminRequest<void>(`${BASE}/${id}`, { method: 'DELETE', query: { company_id: companyId } }),
};

/** The Excel import of posts (one row per candidate) and its template. */
export const POSTS_IMPORT_PATH = `${BASE}/import`;
export const POSTS_TEMPLATE_PATH = `${BASE}/import-template.xlsx`;
