// Seeded random ballots cast through the real voting routes: one appraisal submission answering every
// target, one evaluation submission with the cadre and the newly promoted ballots. The random numbers
// are drawn in the same order as the loops these replace, so the seeded data stay the same.
import {
  castAppraisal,
  castEvaluation,
  randomCadre,
  randomNewlyPromoted,
  randomScoring,
  type AppraisalSetup,
  type EvaluationSetup,
} from './results-fixtures';

type Ctx = Parameters<typeof castAppraisal>[0];

/** A random ballot for every target of the setup (team and persons each by their own schema). */
export function castRandomAppraisal(
  ctx: Ctx,
  s: AppraisalSetup,
  voteTypeId: number,
  voter: string,
  rnd: () => number,
) {
  const answers = new Map(
    s.targets.map((t) => [
      t.id,
      randomScoring(t.type === 'company' ? s.company.schema : s.person.schema, rnd),
    ]),
  );
  return castAppraisal(ctx, s, voteTypeId, voter, answers);
}

/** A random 选人用人 ballot and a random 新提拔 ballot on every subject of the setup. */
export function castRandomEvaluation(
  ctx: Ctx,
  e: EvaluationSetup,
  voteTypeId: number,
  voter: string,
  rnd: () => number,
) {
  return castEvaluation(ctx, e, voteTypeId, voter, {
    cadre: randomCadre(e.cadre.schema, rnd),
    newlyPromoted: randomNewlyPromoted(
      e.subjects.map((x) => x.id),
      rnd,
    ),
  });
}
