import { NewlyPromotedForm } from '../ballot/newly-promoted-form';
import { ScoringBallot } from '../ballot/scoring-ballot';
import { cadreValue, npValue, scoringValue, type Answers } from './ballot-answers';
import { missingSubjectIds, type BallotStep } from './ballot-steps';
import { CadrePageStep } from './cadre-page-step';

export interface StepContentProps {
  step: BallotStep;
  /** The first step of its poll shows the poll's description. */
  firstOfPoll: boolean;
  answers: Answers;
  onAnswer: (key: string, value: unknown) => void;
  showMissing: boolean;
}

/** The questionnaire of one step, drawn by the voter-side form of its kind. */
export function StepContent({ step, firstOfPoll, answers, onAnswer, showMissing }: StepContentProps) {
  const raw = answers[step.answerKey];
  const set = (v: unknown) => onAnswer(step.answerKey, v);
  if (step.kind === 'scoring') {
    return (
      <ScoringBallot
        schema={step.schema}
        value={scoringValue(raw)}
        onChange={set}
        targetName={step.target.name}
        targetTitle={step.target.title || undefined}
        pollTitle={step.poll.title}
        description={firstOfPoll ? step.poll.description || undefined : undefined}
        showMissing={showMissing}
      />
    );
  }
  if (step.kind === 'cadre') {
    return <CadrePageStep step={step} value={cadreValue(raw)} onChange={set} showMissing={showMissing} />;
  }
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
