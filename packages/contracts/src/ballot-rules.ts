// Answer rules shared by the server's validation and the voter pages. No zod import here: the voter
// bundle imports this file directly and must stay small.

/** Longest text answer (cadre text questions, the newly promoted reason), counted in characters. */
export const MAX_TEXT_ANSWER = 2000;

/** The four fixed opinions of the newly promoted evaluation (spec §9). */
export const NEWLY_PROMOTED_OPINIONS = ['认同', '基本认同', '不认同', '不了解'] as const;
export type NewlyPromotedOpinion = (typeof NEWLY_PROMOTED_OPINIONS)[number];

/** A cadre question's own `required` flag wins; without it choice questions are required, text areas not. */
export function isQuestionRequired(q: { type: string; required?: boolean }): boolean {
  return q.required ?? q.type !== 'text_area';
}
