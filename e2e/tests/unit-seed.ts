// What the 汇总表, meeting-screen and width specs seed alike through the API: a unit's questionnaires from
// the templates, its targets, and scoring answers of a given grade.
import type { Admin } from './fixtures';

export type Poll = { id: number; form_schema: Record<string, unknown> };
export type VoteType = { id: number; name: string; link_id: string };
export type Scoring = {
  evaluationGroups: [
    { options: { value: string }[] },
    { items: { id: string }[]; options: { value: string }[] },
  ];
};

/** A scoring ballot: the overall grade `grade`, every item at `itemsGrade`, no reverse marks. */
export const scoringAnswers = (schema: Scoring, grade: number, itemsGrade = grade % 2) => ({
  overall: schema.evaluationGroups[0].options[grade]!.value,
  items: Object.fromEntries(
    schema.evaluationGroups[1].items.map((i) => [
      i.id,
      schema.evaluationGroups[1].options[itemsGrade]!.value,
    ]),
  ),
  reverse: {},
});

/** The unit's calls: a questionnaire copied from its template, a target added. */
export function unitSeed(admin: Admin, companyId: number) {
  return {
    copy: (kind: string) =>
      admin.api('POST', '/polls/copy-from-template', {
        company_id: companyId,
        target_type: kind,
      }) as Promise<Poll>,
    target: (body: object) =>
      admin.api('POST', '/vote-targets/', { company_id: companyId, ...body }) as Promise<{ id: number }>,
  };
}
