import { NEWLY_PROMOTED_DEFAULTS, type NewlyPromotedFormSchema } from '../newly-promoted-schema';

/** 新提拔任用干部民主评议表: the spec's defaults; the subjects come from evaluation_subjects. */
export const newlyPromotedTemplate = {
  title: NEWLY_PROMOTED_DEFAULTS.title,
  description: '请对本单位新提拔任用的干部逐一作出评议。本评议不记名。',
  form_schema: { ...NEWLY_PROMOTED_DEFAULTS },
} satisfies { title: string; description: string; form_schema: NewlyPromotedFormSchema };
