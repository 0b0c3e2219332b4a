import { Alert } from 'antd';
import { useRoundScope, type RoundScope } from '@/api/rounds';
import { CompanySelect } from '@/components/company-select';
import { RoundSelect } from '@/components/round-select';
import { useCompanyParam } from '@/lib/use-company-param';
import { useRoundParam } from '@/lib/use-round-param';
import { formatTime } from '../lib/format';

/** The text of the banner above an archived round's figures and records. */
export const ARCHIVED_BANNER = '该测评批次已归档，仅供查看';

/** The unit and round chosen at the top of a results or records page (`?company=ID&round=ID`). */
export function useResultsScope() {
  const [companyId, setCompanyId] = useCompanyParam();
  const [roundParam, setRound] = useRoundParam();
  const scope = useRoundScope(companyId, roundParam);
  return { companyId, setCompanyId, roundParam, setRound, scope };
}

/** The company selector with the round selector beside it. */
export function ScopeSelects({ scope }: { scope: ReturnType<typeof useResultsScope> }) {
  return (
    // Flex items, so that the selectors' max-width: 100% is the page's width on a phone.
    <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
      <CompanySelect value={scope.companyId} onChange={scope.setCompanyId} />
      <RoundSelect companyId={scope.companyId} value={scope.roundParam} onChange={scope.setRound} />
    </div>
  );
}

/** Above an archived round's pages: nothing here can change any more. */
export function ArchivedBanner({ scope }: { scope: RoundScope }) {
  if (!scope.readOnly) return null;
  const { round } = scope;
  return (
    <Alert
      type="info"
      showIcon
      role="status"
      style={{ marginBottom: 16 }}
      title={round ? `${ARCHIVED_BANNER}：${round.name}` : ARCHIVED_BANNER}
      description={
        round?.archived_at
          ? `该批次已于 ${formatTime(round.archived_at)} 归档，其答卷、结果和记录不能再修改或删除。`
          : '该批次的答卷、结果和记录不能再修改或删除。'
      }
    />
  );
}
