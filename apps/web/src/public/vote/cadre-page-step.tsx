import { useId } from 'react';
import { missingOnPage, type CadreAnswers } from '../ballot/cadre-form-model';
import { CadreQuestionField } from '../ballot/cadre-question';
import type { BallotStep } from './ballot-steps';
import '../ballot/cadre-form.css';

type CadreStep = Extract<BallotStep, { kind: 'cadre' }>;

export interface CadrePageStepProps {
  step: CadreStep;
  value: CadreAnswers;
  onChange: (next: CadreAnswers) => void;
  /** Mark unanswered required questions (once the voter has seen the review). */
  showMissing: boolean;
}

/**
 * One page of the cadre questionnaire as a step of the ballot. CadreForm pages by itself; here the
 * ballot's own navigation moves between pages, so the questions are laid out with its pieces.
 */
export function CadrePageStep({ step, value, onChange, showMissing }: CadrePageStepProps) {
  const idPrefix = useId();
  const missing = showMissing ? missingOnPage(step.page, value) : [];
  return (
    <div className="kp-cf">
      <div className="kp-cf-sheet">
        <h2 className="kp-cf-title">{step.schema.title || step.poll.title}</h2>
        {step.pageCount > 1 && (
          <p className="kp-cf-progress">
            第 {step.pageIndex + 1} 页 / 共 {step.pageCount} 页
          </p>
        )}
        {step.pageIndex === 0 && step.poll.description && (
          <p className="kp-vote-poll-desc">{step.poll.description}</p>
        )}
        {step.page.questions.map((q) => (
          <CadreQuestionField
            key={q.id}
            question={q}
            number={step.numbers.get(q.id) ?? 0}
            value={value}
            onChange={onChange}
            readOnly={false}
            missing={missing.includes(q.id)}
            idPrefix={idPrefix}
          />
        ))}
        {step.page.footer_text && <p className="kp-cf-footer">{step.page.footer_text}</p>}
      </div>
    </div>
  );
}
