import NewlyPromotedPage from '@/features/newly-promoted/components/newly-promoted-page';
import { EvaluationSubjectsList } from '@/features/vote-targets/components/evaluation-subjects-list';

/**
 * 新提拔任用干部评议表管理: the questionnaire page with, as its second tab, the evaluation subjects list
 * that vote target management owns. Features never import each other; the app puts the two together.
 */
export default function NewlyPromotedRoute() {
  return <NewlyPromotedPage subjectsList={EvaluationSubjectsList} />;
}
