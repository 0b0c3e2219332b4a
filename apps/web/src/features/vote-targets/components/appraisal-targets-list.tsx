import type { VoteTarget } from '@kaoping/contracts/vote-target';
import { Empty } from 'antd';
import { useTargets } from '@/api/vote-targets';
import { NO_COMPANY_WARNING } from '@/components/company-select';
import { DeleteTargetModal } from './delete-target-modal';
import { TARGET_ROSTER } from './roster-kinds';
import { RosterList } from './roster-list';
import { targetColumns } from './target-columns';
import { TargetFormModal, type TargetFields } from './target-form-modal';

/** Spec screen 10: the appraisal targets (the unit itself and its leaders) of one company. */
export function AppraisalTargetsList({ companyId }: { companyId: number | undefined }) {
  if (companyId === undefined) return <Empty description={NO_COMPANY_WARNING} />;
  // A fresh list per company: no dialog or drag state leaks from one company to the next.
  return <TargetsOfCompany key={companyId} companyId={companyId} />;
}

const hint = (rows: VoteTarget[]) => {
  if (!rows.length) return '测评表按此顺序列出各测评对象；停用的对象不参加测评。';
  const persons = rows.filter((r) => r.type === 'person').length;
  return `共 ${rows.length} 个测评对象（领导班子 ${rows.length - persons} 个，个人 ${persons} 个），拖动左侧手柄调整测评表中的顺序。`;
};

function TargetsOfCompany({ companyId }: { companyId: number }) {
  const query = useTargets(companyId);
  return (
    <RosterList<VoteTarget, TargetFields>
      kind={TARGET_ROSTER}
      companyId={companyId}
      query={query}
      hint={hint}
      columns={targetColumns}
      emptyText="暂无测评对象，点击右上角“添加测评对象”开始"
      scrollX={760}
      form={(p) => <TargetFormModal {...p} />}
      confirmDelete={(p) => <DeleteTargetModal {...p} />}
    />
  );
}
