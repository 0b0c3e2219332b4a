import type { ComponentType } from 'react';
import type { FormCategory } from '@kaoping/contracts/vote-type';
import { SHARE_ROUNDING_NOTE } from '@kaoping/contracts/constants';
import { Link } from 'react-router';
import { TableOutlined } from '@ant-design/icons';
import { Alert, Button, Typography } from 'antd';
import { NO_COMPANY_WARNING } from '@/components/company-select';
import { PageHeader } from '@/components/page-header';
import { ExportButtons } from './export-buttons';
import { ArchivedBanner, ScopeSelects, useResultsScope } from './round-scope';
import './results.css';

/** What a family's figures view is given: the unit, and the round (undefined = the current one). */
export interface FiguresViewProps {
  companyId: number;
  roundId: number | undefined;
  /** An archived round: its figures never change, so nothing is refreshed live. */
  archived: boolean;
}

export interface FiguresPageProps {
  title: string;
  family: FormCategory;
  /** The family's figures of one company. */
  view: ComponentType<FiguresViewProps>;
}

/**
 * A results screen: pick a company and a round (测评批次, the current one by default), see its figures of
 * one family with turnout, export them. An archived round is shown read-only under a banner.
 */
export function FiguresPage({ title, family, view: View }: FiguresPageProps) {
  const scope = useResultsScope();
  const { companyId } = scope;
  const { roundId, readOnly } = scope.scope;
  return (
    <>
      <PageHeader
        title={title}
        extra={
          companyId !== undefined && (
            <>
              <Link
                to={`/admin/summary?company=${companyId}${roundId === undefined ? '' : `&round=${roundId}`}`}
              >
                <Button icon={<TableOutlined />}>汇总表</Button>
              </Link>
              <ExportButtons companyId={companyId} category={family} roundId={roundId} />
            </>
          )
        }
      >
        <ScopeSelects scope={scope} />
      </PageHeader>
      {companyId === undefined ? (
        <Alert type="warning" showIcon title={NO_COMPANY_WARNING} />
      ) : (
        <>
          <ArchivedBanner scope={scope.scope} />
          <View
            key={`${companyId}:${roundId ?? 'current'}`}
            companyId={companyId}
            roundId={roundId}
            archived={readOnly}
          />
          <Typography.Paragraph type="secondary" className="kp-share-note">
            说明：{SHARE_ROUNDING_NOTE}
          </Typography.Paragraph>
        </>
      )}
    </>
  );
}
