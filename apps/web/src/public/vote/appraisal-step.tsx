// 民主测评's form, in its own chunk: a 民主评议 voter never downloads it (see family-steps.ts).
import type { ReactNode } from 'react';
import { ScoringBallot } from '../ballot/scoring-ballot';
import { scoringValue } from './ballot-answers';
import type { StepContentProps } from './step-props';

/** One appraisal target of a scoring poll. */
export default function renderAppraisalStep({
  step,
  firstOfPoll,
  answers,
  onAnswer,
  showMissing,
}: StepContentProps): ReactNode {
  if (step.kind !== 'scoring') return null;
  return (
    <ScoringBallot
      schema={step.schema}
      value={scoringValue(answers[step.answerKey])}
      onChange={(v) => onAnswer(step.answerKey, v)}
      targetName={step.target.name}
      targetTitle={step.target.title || undefined}
      pollTitle={step.poll.title}
      description={firstOfPoll ? step.poll.description || undefined : undefined}
      showMissing={showMissing}
    />
  );
}
