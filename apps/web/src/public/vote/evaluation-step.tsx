// 民主评议's forms, in their own chunk: a 民主测评 voter never downloads them (see family-steps.ts).
import type { ReactNode } from 'react';
import { NewlyPromotedForm } from '../ballot/newly-promoted-form';
import { cadreValue, npValue } from './ballot-answers';
import { missingSubjectIds } from './ballot-steps';
import { CadrePageStep } from './cadre-page-step';
import type { StepContentProps } from './step-props';

/** A page of the cadre questionnaire, or the newly promoted table. */
export default function renderEvaluationStep({
  step,
  answers,
  onAnswer,
  showMissing,
}: StepContentProps): ReactNode {
  const raw = answers[step.answerKey];
  const set = (v: unknown) => onAnswer(step.answerKey, v);
  if (step.kind === 'cadre') {
    return <CadrePageStep step={step} value={cadreValue(raw)} onChange={set} showMissing={showMissing} />;
  }
  if (step.kind !== 'newly_promoted') return null;
  return (
    <NewlyPromotedForm
      schema={step.schema}
      subjects={step.subjects}
      value={npValue(raw)}
      onChange={set}
      missingSubjectIds={showMissing ? missingSubjectIds(step, answers) : []}
    />
  );
}
