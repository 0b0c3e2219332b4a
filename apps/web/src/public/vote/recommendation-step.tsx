// 民主推荐's forms, in their own chunk: a 民主测评 or 民主评议 voter never downloads them, nor the rules they
// check (see family-steps.ts).
import type { ReactNode } from 'react';
import { RecommendationPostForm, recommendationProblem } from '../ballot/recommendation-post';
import { recommendationValue, recommendationWriteIns, type Answers } from './ballot-answers';
import type { BallotStep } from './ballot-steps';
import type { ReviewSummaryProps, StepContentProps } from './step-props';

/** One 推荐职位. */
export default function renderRecommendationStep({ step, answers, onAnswer }: StepContentProps): ReactNode {
  if (step.kind !== 'recommendation') return null;
  return (
    <RecommendationPostForm
      post={step.post}
      number={step.number}
      count={step.count}
      value={recommendationValue(answers[step.answerKey])}
      onChange={(v) => onAnswer(step.answerKey, v)}
    />
  );
}

/** What the rules refuse of a post's answers: listed in the review, submit waits until it is changed. */
export function problemsOf(step: BallotStep, answers: Answers): string[] {
  if (step.kind !== 'recommendation') return [];
  const problem = recommendationProblem(step.post, recommendationValue(answers[step.answerKey]));
  return problem ? [problem] : [];
}

/** The review: for each post, the names recommended (另提名 marked), or 弃权. */
export function ReviewSummary({ steps, answers, onGo }: ReviewSummaryProps): ReactNode {
  return (
    <ol className="kp-rec-review" aria-label="推荐情况">
      {steps.map((step, i) => {
        if (step.kind !== 'recommendation') return null;
        const v = recommendationValue(answers[step.answerKey]);
        // Written-in names exactly as they are sent and stored (recommendationWriteIns).
        const names = [
          ...step.post.candidates.filter((c) => v.choices.includes(c.id)).map((c) => c.name),
          ...recommendationWriteIns(step.post, v).map((n) => `${n}（另提名）`),
        ];
        return (
          <li key={step.id}>
            <div className="kp-rec-review-head">
              <span>
                {step.number}. {step.post.name}
              </span>
              <a
                href={`#${step.id}`}
                onClick={(e) => {
                  e.preventDefault();
                  onGo(i);
                }}
              >
                修改
              </a>
            </div>
            <p className={`kp-rec-review-names${names.length ? '' : ' is-empty'}`}>
              {names.length ? `推荐 ${names.length} 人：${names.join('、')}` : '未推荐任何人（弃权）'}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
