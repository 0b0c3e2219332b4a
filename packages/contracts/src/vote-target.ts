import { z } from 'zod';
import { idSchema, optionalText, requiredText } from './common';
import { reorderBody, sortOrder } from './vote-type';

/** An appraisal target is the company itself (its leadership team) or one leader. */
export const TARGET_TYPES = ['company', 'person'] as const;
export const targetType = z.enum(TARGET_TYPES, { error: '对象类型必须是 company 或 person' });
export type TargetType = z.infer<typeof targetType>;

/** After a drag every target gets STEP × (index + 1); a new one gets STEP × (count + 1). */
export const APPRAISAL_REORDER_STEP = 10;
/** What the user must type exactly before an appraisal target is deleted. */
export const DELETE_CONFIRM_PHRASE = '确认删除';

export const voteTargetName = requiredText('名称', 50);
const title = optionalText('职务', 100);

export const voteTarget = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  name: z.string(),
  type: targetType,
  title: z.string(),
  is_active: z.boolean(),
  sort_order: z.number().int(),
  created_at: z.string(),
});
export type VoteTarget = z.infer<typeof voteTarget>;

export const voteTargetCreateBody = z.strictObject({
  company_id: idSchema,
  name: voteTargetName,
  type: targetType.default('person'),
  title: title.default(''),
  is_active: z.boolean({ error: '启用状态必须是布尔值' }).default(true),
  /** Omitted: after the last target of the company. */
  sort_order: sortOrder.optional(),
});
export type VoteTargetCreateBody = z.infer<typeof voteTargetCreateBody>;
/** What a client sends to create one (the server fills the defaults). */
export type VoteTargetCreateInput = z.input<typeof voteTargetCreateBody>;

/**
 * The type is fixed at creation: it may be sent again unchanged, a different one is refused.
 * company_id only guards scope: the target must belong to it, else 404.
 */
export const voteTargetUpdateBody = z
  .strictObject({
    company_id: idSchema.optional(),
    name: voteTargetName.optional(),
    type: targetType.optional(),
    title: title.optional(),
    is_active: z.boolean({ error: '启用状态必须是布尔值' }).optional(),
    sort_order: sortOrder.optional(),
  })
  .refine((v) => Object.keys(v).some((k) => k !== 'company_id'), { error: '没有要修改的内容' });
export type VoteTargetUpdateBody = z.infer<typeof voteTargetUpdateBody>;

export const voteTargetListQuery = z.object({
  company_id: idSchema,
  target_type: targetType.optional(),
});
export type VoteTargetListQuery = z.infer<typeof voteTargetListQuery>;

export const voteTargetList = z.array(voteTarget);

/** PUT /vote-targets/reorder: all rows of one company, in one transaction. */
export const voteTargetReorderBody = reorderBody;
export type VoteTargetReorderBody = z.infer<typeof voteTargetReorderBody>;
