import { useState } from 'react';
import type { EvaluationSubject } from '@kaoping/contracts/evaluation-subject';
import { Empty } from 'antd';
import { useSubjects } from '@/api/evaluation-subjects';
import { SortableTable } from '@/components/sortable-table';
import { ImportButton } from './import-button';
import { RosterFrame } from './roster-frame';
import { subjectColumns } from './subject-columns';
import { SubjectFormModal } from './subject-form-modal';
import { SUBJECT_ROSTER } from './roster-kinds';
import { useRosterActions } from './use-roster-actions';
import { NO_COMPANY_WARNING } from '@/components/company-select';

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
  const { data, isLoading, isFetching } = query;
  const rows = data ?? [];
  const actions = useRosterActions(SUBJECT_ROSTER, companyId, rows);
  const [dialog, setDialog] = useState<{ open: boolean; editing?: EvaluationSubject }>({ open: false });

  const submit = async (values: Parameters<typeof actions.save>[0]) => {
    if (await actions.save(values, dialog.editing)) setDialog({ open: false });
  };

  return (
    <>
      <RosterFrame
        noun="评议对象"
        query={query}
        hint="拖动左侧手柄调整顺序，评议表按此顺序列出；停用的对象不出现在评议表中。"
        onAdd={() => setDialog({ open: true })}
        importButton={
          <ImportButton
            path="evaluation-subjects"
            noun="评议对象"
            companyId={companyId}
            onImported={() => void query.refetch()}
          />
        }
      >
        <SortableTable<EvaluationSubject>
          rows={rows}
          onReorder={actions.reorder}
          dragDisabled={actions.busy === 'reorder'}
          loading={isLoading || (isFetching && actions.busy !== 'reorder')}
          columns={subjectColumns({
            onToggle: actions.toggle,
            onEdit: (row) => setDialog({ open: true, editing: row }),
            onDelete: (row) => void actions.remove(row),
          })}
          scroll={{ x: 880 }}
          size="middle"
          locale={{ emptyText: <Empty description="暂无数据" /> }}
        />
      </RosterFrame>
      <SubjectFormModal
        open={dialog.open}
        editing={dialog.editing}
        saving={actions.busy === 'save'}
        onSubmit={submit}
        onCancel={() => setDialog({ open: false })}
      />
    </>
  );
}
