import type { ComponentType } from 'react';
import type { FormCategory } from '@kaoping/contracts/vote-type';
import { SHARE_ROUNDING_NOTE } from '@kaoping/contracts/constants';
import { Alert, Typography } from 'antd';
import { CompanySelect, NO_COMPANY_WARNING } from '@/components/company-select';
import { PageHeader } from '@/components/page-header';
import { useCompanyParam } from '@/lib/use-company-param';
import { ExportButtons } from './export-buttons';
import './results.css';

export interface FiguresPageProps {
  title: string;
  family: FormCategory;
  /** The family's figures of one company. */
  view: ComponentType<{ companyId: number }>;
}

/** A results screen: pick a company, see its figures of one family with live turnout, export them. */
export function FiguresPage({ title, family, view: View }: FiguresPageProps) {
  const [companyId, setCompanyId] = useCompanyParam();
  return (
    <>
      <PageHeader
        title={title}
        extra={companyId !== undefined && <ExportButtons companyId={companyId} category={family} />}
      >
        <CompanySelect value={companyId} onChange={setCompanyId} />
      </PageHeader>
      {companyId === undefined ? (
        <Alert type="warning" showIcon title={NO_COMPANY_WARNING} />
      ) : (
        <>
          <View key={companyId} companyId={companyId} />
          <Typography.Paragraph type="secondary" className="kp-share-note">
            说明：{SHARE_ROUNDING_NOTE}
          </Typography.Paragraph>
        </>
      )}
    </>
  );
}
