import { Alert } from 'antd';
import { CompanySelect } from '@/components/company-select';
import { ExportButtons } from '@/components/charts/export-buttons';
import { PageHeader } from '@/components/page-header';
import { useCompanyParam } from '@/lib/use-company-param';
import { AppraisalView } from './appraisal-view';
import '@/components/charts/charts.css';

/** 测评结果 (/admin/results): weighted results of the 民主测评 family per company, charts, export. */
export default function ResultsPage() {
  const [companyId, setCompanyId] = useCompanyParam();
  return (
    <>
      <PageHeader
        title="测评结果"
        extra={
          companyId !== undefined && <ExportButtons companyId={companyId} category="democratic_appraisal" />
        }
      >
        <CompanySelect value={companyId} onChange={setCompanyId} />
      </PageHeader>
      {companyId === undefined ? (
        <Alert type="warning" showIcon title="请先在页面顶部选择公司" />
      ) : (
        <AppraisalView key={companyId} companyId={companyId} />
      )}
    </>
  );
}
