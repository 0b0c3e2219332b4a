// The voter's path through a ballot: one step per appraisal target, per cadre questionnaire page, for
// the newly promoted table and per 推荐职位; the review comes after the last step. Pure functions, tested
// directly.
import type {
  PublicPoll,
  PublicSubject,
  PublicTarget,
  PublicVoteTypeView,
} from '@kaoping/contracts/public-vote-types';
import type { PublicRecommendationPost } from '@kaoping/contracts/recommendation-rules';
import {
  isRequired,
  isAnswered,
  questionNumbers,
  type CadreFormSchema,
  type CadrePage,
} from '../ballot/cadre-form-model';
import {
  subjectKey,
  unansweredSubjects,
  type NewlyPromotedFormSchema,
} from '../ballot/newly-promoted-form-model';
import { scoringProgress, type ScoringFormSchema } from '../ballot/scoring-ballot-model';
import { cadreValue, npValue, scoringValue, type Answers } from './ballot-answers';

interface StepBase {
  /** Unique per step; also the id of its section, for links from the review. */
  id: string;
  /**
   * Where its answers are kept: `{pollId}:{targetId}` per target, `{pollId}` per evaluation poll,
   * `post:{postId}` per 推荐职位.
   */
  answerKey: string;
  poll: PublicPoll;
  /** Short name in the jump list and the review. */
  label: string;
}

export type BallotStep =
  | (StepBase & { kind: 'scoring'; schema: ScoringFormSchema; target: PublicTarget })
  | (StepBase & {
      kind: 'cadre';
      schema: CadreFormSchema;
      page: CadrePage;
      pageIndex: number;
      pageCount: number;
      numbers: Map<string, number>;
    })
  | (StepBase & { kind: 'newly_promoted'; schema: NewlyPromotedFormSchema; subjects: PublicSubject[] })
  | (Omit<StepBase, 'poll'> & {
      kind: 'recommendation';
      poll?: undefined;
      post: PublicRecommendationPost;
      /** 1-based place among the posts, and how many there are. */
      number: number;
      count: number;
    });

/** 民主推荐: one step per active post, in the posts' order. */
function recommendationSteps(posts: readonly PublicRecommendationPost[]): BallotStep[] {
  return posts.map((post, i) => ({
    kind: 'recommendation',
    id: `step-post-${post.id}`,
    answerKey: `post:${post.id}`,
    label: post.name,
    post,
    number: i + 1,
    count: posts.length,
  }));
}

export const scoringKey = (pollId: number, targetId: number) => `${pollId}:${targetId}`;

function cadreSteps(poll: PublicPoll<'cadre'>): BallotStep[] {
  const schema = poll.form_schema;
  const numbers = questionNumbers(schema);
  // Pages without questions hold nothing to answer: the voter never stops on them.
  const pages = schema.pages.filter((p) => p.questions.length > 0);
  return pages.map((page, i) => ({
    kind: 'cadre',
    id: `step-${poll.id}-p${i + 1}`,
    answerKey: String(poll.id),
    poll,
    label: pages.length > 1 ? `${schema.title || poll.title}（第 ${i + 1} 页）` : schema.title || poll.title,
    schema,
    page,
    pageIndex: i,
    pageCount: pages.length,
    numbers,
  }));
}

/** The steps of a ballot, in the order the server's definition gives the polls. */
export function buildSteps(view: PublicVoteTypeView): BallotStep[] {
  if (view.posts?.length) return recommendationSteps(view.posts);
  return view.polls.flatMap((poll): BallotStep[] => {
    if (poll.target_type === 'company' || poll.target_type === 'person') {
      const schema = poll.form_schema;
      return view.targets
        .filter((t) => t.type === poll.target_type)
        .map((target) => ({
          kind: 'scoring',
          id: `step-${poll.id}-t${target.id}`,
          answerKey: scoringKey(poll.id, target.id),
          poll,
          label: target.title ? `${target.name}（${target.title}）` : target.name,
          schema,
          target,
        }));
    }
    if (poll.target_type === 'cadre') return cadreSteps(poll);
    const schema = poll.form_schema;
    return [
      {
        kind: 'newly_promoted',
        id: `step-${poll.id}-np`,
        answerKey: String(poll.id),
        poll,
        label: schema.title || poll.title,
        schema,
        subjects: view.subjects,
      },
    ];
  });
}

/**
 * What is still unanswered on a step, in words ('总体评价', '第 3 题', '张三'); empty when done. A post of
 * 民主推荐 may be left empty (弃权): what its rules refuse is said by its family's chunk (family-steps.ts).
 */
export function missingOf(step: BallotStep, answers: Answers): string[] {
  if (step.kind === 'recommendation') return [];
  const raw = answers[step.answerKey];
  if (step.kind === 'scoring') {
    const p = scoringProgress(step.schema, scoringValue(raw));
    const [overall, itemGroup] = step.schema.evaluationGroups;
    const names = new Map(itemGroup.items.map((i) => [i.id, i.name]));
    return [
      ...(p.overallMissing ? [overall.title || '总体评价'] : []),
      ...p.missingItems.map((id) => names.get(id) ?? id),
    ];
  }
  if (step.kind === 'cadre') {
    const value = cadreValue(raw);
    return step.page.questions
      .filter((q) => isRequired(q) && !isAnswered(q, value))
      .map((q) => `第 ${step.numbers.get(q.id) ?? '?'} 题`);
  }
  const value = npValue(raw);
  return unansweredSubjects(step.subjects, value).map((s) => s.name);
}

/** Subject ids without an opinion, for marking them in the newly promoted table. */
export function missingSubjectIds(step: BallotStep, answers: Answers): number[] {
  if (step.kind !== 'newly_promoted') return [];
  const value = npValue(answers[step.answerKey]);
  return step.subjects.filter((s) => !value[subjectKey(s.id)]).map((s) => s.id);
}
