import { EvaluationView } from './evaluation/evaluation-view';
import { FiguresPage } from './figures-page';

/** 民主评议结果 (/admin/cadre-vote-results): 选人用人工作 and 新提拔干部 statistics, turnout, export. */
export default function CadreResultsPage() {
  return <FiguresPage title="民主评议结果" family="democratic_evaluation" view={EvaluationView} />;
}
