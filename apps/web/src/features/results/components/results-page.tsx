import { AppraisalView } from './appraisal/appraisal-view';
import { FiguresPage } from './figures-page';

/** 测评结果 (/admin/results): weighted results of the 民主测评 family per company, charts, export. */
export default function ResultsPage() {
  return <FiguresPage title="测评结果" family="democratic_appraisal" view={AppraisalView} />;
}
