import type { Answers } from './ballot-answers';
import type { BallotStep } from './ballot-steps';

/** What the ballot flow hands the form of one step; each family's forms are drawn by their own chunk. */
export interface StepContentProps {
  step: BallotStep;
  /** The first step of its poll shows the poll's description. */
  firstOfPoll: boolean;
  answers: Answers;
  onAnswer: (key: string, value: unknown) => void;
  showMissing: boolean;
}
