// What both rosters of a round (appraisal targets, evaluation subjects) take: the create and update
// bodies around each roster's own fields, the same scope, switch and order rules.
import { z } from 'zod';
import { idSchema } from './common';
import { sortOrder } from './vote-type';

const isActive = z.boolean({ error: '启用状态必须是布尔值' });

/** A create body: company_id, the roster's fields, active by default; sort_order omitted = at the end. */
export const rosterCreateBody = <S extends z.ZodRawShape>(fields: S) =>
  z.strictObject({
    company_id: idSchema,
    ...fields,
    is_active: isActive.default(true),
    sort_order: sortOrder.optional(),
  });

/**
 * An update body: any of the roster's fields, the switch and the order. company_id only guards scope:
 * the row must belong to it, else 404.
 */
export const rosterUpdateBody = <S extends z.ZodRawShape>(fields: S) =>
  z
    .strictObject({
      company_id: idSchema.optional(),
      ...fields,
      is_active: isActive.optional(),
      sort_order: sortOrder.optional(),
    })
    .refine((v) => Object.keys(v).some((k) => k !== 'company_id'), { error: '没有要修改的内容' });
