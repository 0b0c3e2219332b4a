import type { ComponentType, ReactNode } from 'react';
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

/** What the review shows of a family's answers above the submit button (民主推荐: who is recommended). */
export interface ReviewSummaryProps {
  steps: readonly BallotStep[];
  answers: Answers;
  onGo: (index: number) => void;
}

/** A family's chunk: its steps' forms, and optionally its own rules and review summary. */
export interface FamilyModule {
  default: (props: StepContentProps) => ReactNode;
  /** What its rules refuse on a step, in words (the review lists it); empty when fine. */
  problemsOf?: (step: BallotStep, answers: Answers) => string[];
  ReviewSummary?: ComponentType<ReviewSummaryProps>;
}
