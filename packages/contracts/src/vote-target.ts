import { z } from 'zod';
import { idSchema, optionalText, requiredText } from './common';
import { rosterCreateBody, rosterUpdateBody } from './roster';
import { reorderBody } from './vote-type';

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

export const voteTargetCreateBody = rosterCreateBody({
  name: voteTargetName,
  type: targetType.default('person'),
  title: title.default(''),
});
export type VoteTargetCreateBody = z.infer<typeof voteTargetCreateBody>;
/** What a client sends to create one (the server fills the defaults). */
export type VoteTargetCreateInput = z.input<typeof voteTargetCreateBody>;

/** The type is fixed at creation: it may be sent again unchanged, a different one is refused. */
export const voteTargetUpdateBody = rosterUpdateBody({
  name: voteTargetName.optional(),
  type: targetType.optional(),
  title: title.optional(),
});
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
