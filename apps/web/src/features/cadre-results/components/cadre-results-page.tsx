import { Alert } from 'antd';
import { ExportButtons } from '@/components/charts/export-buttons';
import { CompanySelect } from '@/components/company-select';
import { PageHeader } from '@/components/page-header';
import { useCompanyParam } from '@/lib/use-company-param';
import { EvaluationView } from './evaluation-view';
import '@/components/charts/charts.css';

/** 民主评议结果 (/admin/cadre-vote-results): 选人用人工作 and 新提拔干部 statistics, turnout, export. */
export default function CadreResultsPage() {
  const [companyId, setCompanyId] = useCompanyParam();
  return (
    <>
      <PageHeader
        title="民主评议结果"
        extra={
          companyId !== undefined && <ExportButtons companyId={companyId} category="democratic_evaluation" />
        }
      >
        <CompanySelect value={companyId} onChange={setCompanyId} />
      </PageHeader>
      {companyId === undefined ? (
        <Alert type="warning" showIcon title="请先在页面顶部选择公司" />
      ) : (
        <EvaluationView key={companyId} companyId={companyId} />
      )}
    </>
  );
}
