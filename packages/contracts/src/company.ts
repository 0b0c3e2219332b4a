import { z } from 'zod';
import { pagingQuery, requiredText } from './common';

export const companyName = requiredText('单位名称', 100);

export const company = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
});
export type Company = z.infer<typeof company>;

export const companyCreateBody = z.strictObject({ name: companyName });
export const companyUpdateBody = z.strictObject({ name: companyName });
export type CompanyInput = z.infer<typeof companyCreateBody>;

export const companyListQuery = pagingQuery.extend({
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(50),
});
export type CompanyListQuery = z.infer<typeof companyListQuery>;

export const companyList = z.object({ items: z.array(company), total: z.number().int() });
export type CompanyList = z.infer<typeof companyList>;
