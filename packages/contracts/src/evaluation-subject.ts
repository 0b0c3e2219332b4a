import { z } from 'zod';
import { optionalText, requiredText } from './common';
import { rosterCreateBody, rosterUpdateBody } from './roster';
import { reorderBody } from './vote-type';

/** The four fixed opinions a voter gives each newly promoted cadre. */
export const OPINIONS = ['认同', '基本认同', '不认同', '不了解'] as const;

export const evaluationSubjectName = requiredText('姓名', 50);
const birthDate = optionalText('出生年月', 50);
const previousPosition = optionalText('原任职务及任职时间', 200);
const currentPosition = optionalText('现任职务及任职时间', 200);

export const evaluationSubject = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  name: z.string(),
  /** Free text as written on the form, e.g. '1985.03'. */
  birth_date: z.string(),
  previous_position: z.string(),
  current_position: z.string(),
  is_active: z.boolean(),
  sort_order: z.number().int(),
  created_at: z.string(),
});
export type EvaluationSubject = z.infer<typeof evaluationSubject>;

export const evaluationSubjectCreateBody = rosterCreateBody({
  name: evaluationSubjectName,
  birth_date: birthDate.default(''),
  previous_position: previousPosition.default(''),
  current_position: currentPosition.default(''),
});
export type EvaluationSubjectCreateBody = z.infer<typeof evaluationSubjectCreateBody>;
/** What a client sends to create one (the server fills the defaults). */
export type EvaluationSubjectCreateInput = z.input<typeof evaluationSubjectCreateBody>;

/** Any field. */
export const evaluationSubjectUpdateBody = rosterUpdateBody({
  name: evaluationSubjectName.optional(),
  birth_date: birthDate.optional(),
  previous_position: previousPosition.optional(),
  current_position: currentPosition.optional(),
});
export type EvaluationSubjectUpdateBody = z.infer<typeof evaluationSubjectUpdateBody>;

export const evaluationSubjectList = z.array(evaluationSubject);

/** PUT /evaluation-subjects/reorder: only the changed rows need to be sent. */
export const evaluationSubjectReorderBody = reorderBody;
export type EvaluationSubjectReorderBody = z.infer<typeof evaluationSubjectReorderBody>;
