import type { EvaluationSubject } from '@kaoping/contracts/evaluation-subject';
import { Empty } from 'antd';
import { useSubjects } from '@/api/evaluation-subjects';
import { NO_COMPANY_WARNING } from '@/components/company-select';
import type { SubjectInput } from '../api/evaluation-subjects';
import { SUBJECT_ROSTER } from './roster-kinds';
import { RosterList } from './roster-list';
import { subjectColumns } from './subject-columns';
import { SubjectFormModal } from './subject-form-modal';

export interface EvaluationSubjectsListProps {
  /** The selected company; undefined shows the pick-a-company warning. */
  companyId: number | undefined;
}

/**
 * The evaluation subjects list of spec screen 9, shared by vote target management (tab
 * democratic_evaluation) and the newly promoted questionnaire page (tab b).
 */
export function EvaluationSubjectsList({ companyId }: EvaluationSubjectsListProps) {
  if (companyId === undefined) return <Empty description={NO_COMPANY_WARNING} />;
  // A fresh list per company: no dialog or drag state leaks from one company to the next.
  return <SubjectsOfCompany key={companyId} companyId={companyId} />;
}

function SubjectsOfCompany({ companyId }: { companyId: number }) {
  const query = useSubjects(companyId);
  return (
    <RosterList<EvaluationSubject, SubjectInput>
      kind={SUBJECT_ROSTER}
      companyId={companyId}
      query={query}
      hint={() => '拖动左侧手柄调整顺序，评议表按此顺序列出；停用的对象不出现在评议表中。'}
      columns={subjectColumns}
      emptyText="暂无数据"
      scrollX={880}
      form={(p) => <SubjectFormModal {...p} />}
    />
  );
}
