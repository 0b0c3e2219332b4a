import type { UnitSummary, ValidityRow } from '@kaoping/contracts/summary-tables';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { Alert, App, Button, Empty, Skeleton, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useRoundScope } from '@/api/rounds';
import { canEdit, useRole } from '@/api/me';
import { CompanySelect, NO_COMPANY_WARNING } from '@/components/company-select';
import { LoadError } from '@/components/load-error';
import { OpenVoteNotice } from '@/components/open-vote-notice';
import { PageHeader } from '@/components/page-header';
import { RoundSelect } from '@/components/round-select';
import { useCompanyParam } from '@/lib/use-company-param';
import { useRoundParam } from '@/lib/use-round-param';
import { errorDetail } from '@/lib/api-client';
import { usePrintSummary, useUnitSummary } from '../api/summary';
import { AppraisalTable } from './appraisal-table';
import { CadreTables, NewlyPromotedTables } from './evaluation-tables';
import { ItemTables } from './item-tables';
import { minute } from '../lib/format';
import { useRecountPanel } from './recount-panel';
import { ThresholdsCard } from './thresholds-card';
import { ValidityCard } from './validity-card';
import './summary.css';

type Family = ValidityRow['form_category'];
const FAMILY_TABLES: Record<Family, string> = {
  democratic_appraisal: '民主测评汇总表',
  democratic_evaluation: '选人用人和新提拔干部民主评议汇总表',
};

/**
 * The open vote types of a family whose tables have no ended group yet (decision 0041): the tables would
 * be all zeros, as if nobody had voted, so the page says they wait for 结束投票 instead.
 */
function waitingOf(s: UnitSummary, family: Family, ended: number) {
  if (ended > 0) return [];
  const open = new Set(s.validity.open_vote_types.map((v) => v.vote_type_id));
  return s.validity.vote_types.filter((r) => r.form_category === family && open.has(r.vote_type_id));
}

/** Where a family's tables would be while all its groups still vote. */
function WaitingTables({ family, groups }: { family: Family; groups: ValidityRow[] }) {
  return (
    <section aria-label={FAMILY_TABLES[family]} className="kp-sum-waiting" data-testid={`waiting-${family}`}>
      <Typography.Title level={5}>{FAMILY_TABLES[family]}</Typography.Title>
      <Typography.Paragraph type="secondary" className="kp-sum-waiting-line">
        {`${groups.map((g) => `“${g.name}”`).join('、')}投票进行中，结束投票后可查看`}
      </Typography.Paragraph>
    </section>
  );
}

/** 打印: seals this printing (a 核验码 under the tables, for 报告核验), then opens the browser's print. */
function PrintButton({ companyId, roundId, onSealed }: PrintProps) {
  const { message } = App.useApp();
  const print = usePrintSummary(companyId, roundId);
  return (
    <Button
      icon={<PrinterOutlined />}
      loading={print.isPending}
      onClick={() =>
        print.mutate(undefined, {
          onSuccess: (printed) => {
            flushSync(() => onSealed(printed.seal));
            window.print();
          },
          onError: (err) => void message.error(errorDetail(err, '生成核验码失败，请重试')),
        })
      }
    >
      打印
    </Button>
  );
}

interface Sealed {
  code: string;
  sealed_at: string;
}
interface PrintProps {
  companyId: number;
  roundId: number | undefined;
  onSealed: (seal: Sealed) => void;
}

function SummaryView({ companyId, roundId }: { companyId: number; roundId: number | undefined }) {
  const role = useRole();
  const query = useUnitSummary(companyId, roundId);
  const [seal, setSeal] = useState<Sealed | null>(null);
  const recount = useRecountPanel(companyId);
  if (query.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!query.data)
    return <LoadError title="加载汇总表失败" error={query.error} onRetry={() => void query.refetch()} />;
  const s = query.data;
  const archived = s.round.state === 'archived';
  const waitingAppraisal = waitingOf(s, 'democratic_appraisal', s.appraisal.vote_types.length);
  const waitingEvaluation = waitingOf(
    s,
    'democratic_evaluation',
    s.cadre.vote_types.length + s.newly_promoted.vote_types.length,
  );
  return (
    <>
      <div className="kp-sum-head">
        <Typography.Paragraph type="secondary">
          {s.company.name} · {s.round.name}
          {archived && '（已归档）'} · 生成于 {minute(s.generated_at)}
        </Typography.Paragraph>
        <div className="kp-sum-actions">
          {recount.button}
          <PrintButton companyId={companyId} roundId={roundId} onSealed={setSeal} />
        </div>
      </div>
      {recount.outcome}
      <ValidityCard validity={s.validity} />
      <OpenVoteNotice names={s.validity.open_vote_types.map((v) => v.name)} what="汇总表各表" />
      <ThresholdsCard
        companyId={companyId}
        roundId={s.round.id}
        thresholds={s.validity.thresholds}
        editable={canEdit(role) && !archived}
      />
      {s.empty ? (
        <Empty description="该测评批次尚无正式选票，汇总表为空" style={{ margin: '32px 0' }} />
      ) : (
        <>
          {waitingAppraisal.length > 0 ? (
            <WaitingTables family="democratic_appraisal" groups={waitingAppraisal} />
          ) : (
            s.appraisal.sections.map((section) => (
              <div key={section.kind}>
                <AppraisalTable section={section} thresholds={s.validity.thresholds} />
                {section.targets.some((t) => t.items.length || t.reverse.length) && (
                  <ItemTables section={section} />
                )}
              </div>
            ))
          )}
          {waitingEvaluation.length > 0 ? (
            <WaitingTables family="democratic_evaluation" groups={waitingEvaluation} />
          ) : (
            <>
              <CadreTables cadre={s.cadre} />
              <NewlyPromotedTables np={s.newly_promoted} />
            </>
          )}
        </>
      )}
      <Typography.Paragraph type="secondary" className="kp-sum-note">
        说明：{s.validity.rounding_note}
        加权合计按各票类权重对占比加权（Σ 权重 × 占比 ÷ Σ
        权重，只计有选票且设了权重的票类），无票数；排名按加权得分，领导班子与个人分别排名。
      </Typography.Paragraph>
      {seal && (
        <Typography.Paragraph className="kp-sum-seal" data-testid="summary-seal">
          核验码：{seal.code}（打印于 {minute(seal.sealed_at)}，可在“报告核验”中核对本表数据是否仍与系统一致）
        </Typography.Paragraph>
      )}
    </>
  );
}

/** 汇总表 (/admin/summary?company=&round=): the official tables of a unit and round, as reported upward. */
export default function SummaryPage() {
  const [companyId, setCompanyId] = useCompanyParam();
  const [roundParam, setRound] = useRoundParam();
  const scope = useRoundScope(companyId, roundParam);
  return (
    <>
      <PageHeader title="汇总表">
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
          <CompanySelect value={companyId} onChange={setCompanyId} />
          <RoundSelect companyId={companyId} value={roundParam} onChange={setRound} />
        </div>
      </PageHeader>
      {companyId === undefined ? (
        <Alert type="warning" showIcon title={NO_COMPANY_WARNING} />
      ) : (
        <SummaryView
          key={`${companyId}:${scope.roundId ?? 'current'}`}
          companyId={companyId}
          roundId={scope.roundId}
        />
      )}
    </>
  );
}
