import { Empty } from 'antd';

export interface EvaluationSubjectsListProps {
  /** The selected company; undefined shows the pick-a-company warning. */
  companyId: number | undefined;
}

/**
 * The evaluation subjects list of spec screen 9, shared by vote target management (tab
 * democratic_evaluation) and the newly promoted questionnaire page (tab b). Built by the roster issue.
 */
export function EvaluationSubjectsList({ companyId }: EvaluationSubjectsListProps) {
  return <Empty description={companyId ? '评议对象管理正在建设中' : '请先在页面顶部选择公司'} />;
}
