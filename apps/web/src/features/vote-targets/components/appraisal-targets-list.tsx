import { useState } from 'react';
import type { VoteTarget } from '@kaoping/contracts/vote-target';
import { Empty } from 'antd';
import { useTargets } from '@/api/vote-targets';
import { SortableTable } from '@/components/sortable-table';
import { DeleteTargetModal } from './delete-target-modal';
import { ImportButton } from './import-button';
import { RosterFrame } from './roster-frame';
import { targetColumns } from './target-columns';
import { TargetFormModal, type TargetFields } from './target-form-modal';
import { TARGET_ROSTER } from './roster-kinds';
import { useRosterActions } from './use-roster-actions';
import { NO_COMPANY_WARNING } from '@/components/company-select';

/** Spec screen 10: the appraisal targets (the unit itself and its leaders) of one company. */
export function AppraisalTargetsList({ companyId }: { companyId: number | undefined }) {
  if (companyId === undefined) return <Empty description={NO_COMPANY_WARNING} />;
  // A fresh list per company: no dialog or drag state leaks from one company to the next.
  return <TargetsOfCompany key={companyId} companyId={companyId} />;
}

function TargetsOfCompany({ companyId }: { companyId: number }) {
  const query = useTargets(companyId);
  const { data, isLoading, isFetching } = query;
  const rows = data ?? [];
  const actions = useRosterActions(TARGET_ROSTER, companyId, rows);
  const [dialog, setDialog] = useState<{ open: boolean; editing?: VoteTarget }>({ open: false });
  const [deleting, setDeleting] = useState<VoteTarget>();

  const submit = async (values: TargetFields) => {
    if (await actions.save(values, dialog.editing)) setDialog({ open: false });
  };
  const confirmDelete = async (target: VoteTarget) => {
    if (await actions.remove(target)) setDeleting(undefined);
  };
  const persons = rows.filter((r) => r.type === 'person').length;

  return (
    <>
      <RosterFrame
        noun="测评对象"
        query={query}
        hint={
          rows.length
            ? `共 ${rows.length} 个测评对象（领导班子 ${rows.length - persons} 个，个人 ${persons} 个），拖动左侧手柄调整测评表中的顺序。`
            : '测评表按此顺序列出各测评对象；停用的对象不参加测评。'
        }
        onAdd={() => setDialog({ open: true })}
        importButton={
          <ImportButton
            path="vote-targets"
            noun="测评对象"
            companyId={companyId}
            onImported={() => void query.refetch()}
          />
        }
      >
        <SortableTable<VoteTarget>
          rows={rows}
          onReorder={actions.reorder}
          dragDisabled={actions.busy === 'reorder'}
          loading={isLoading || (isFetching && actions.busy !== 'reorder')}
          columns={targetColumns({
            onToggle: actions.toggle,
            onEdit: (row) => setDialog({ open: true, editing: row }),
            onDelete: setDeleting,
          })}
          scroll={{ x: 760 }}
          size="middle"
          locale={{ emptyText: <Empty description="暂无测评对象，点击右上角“添加测评对象”开始" /> }}
        />
      </RosterFrame>
      <TargetFormModal
        open={dialog.open}
        editing={dialog.editing}
        saving={actions.busy === 'save'}
        onSubmit={submit}
        onCancel={() => setDialog({ open: false })}
      />
      <DeleteTargetModal
        target={deleting}
        deleting={actions.busy === 'delete'}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(undefined)}
      />
    </>
  );
}
