import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { FORM_CATEGORY_LABELS, type FormCategory } from '@kaoping/contracts/vote-type';
import { Alert, App, Tabs } from 'antd';
import { CompanySelect, NO_COMPANY_WARNING } from '@/components/company-select';
import { PageHeader } from '@/components/page-header';
import { useCompanyParam } from '@/lib/use-company-param';
import { AppraisalTargetsList } from './appraisal-targets-list';
import { EvaluationSubjectsList } from './evaluation-subjects-list';

const TAB_KEYS: FormCategory[] = ['democratic_appraisal', 'democratic_evaluation'];

/** Spec screen 8: the targets of both ballot families of one company, one tab each. */
export default function VoteTargetsPage() {
  const { message } = App.useApp();
  const [companyId, setCompanyId] = useCompanyParam();
  const [params, setParams] = useSearchParams();
  const tab = TAB_KEYS.find((k) => k === params.get('tab')) ?? 'democratic_appraisal';

  // Spec §4: clearing the company empties the lists and warns to pick one.
  const hadCompany = useRef(companyId !== undefined);
  useEffect(() => {
    if (hadCompany.current && companyId === undefined) message.warning(NO_COMPANY_WARNING);
    hadCompany.current = companyId !== undefined;
  }, [companyId, message]);

  const setTab = (key: string) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        p.set('tab', key);
        return p;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader title="测评对象管理" currentRoundOf={companyId}>
        <CompanySelect value={companyId} onChange={setCompanyId} />
      </PageHeader>
      {companyId === undefined && (
        <Alert type="warning" showIcon title={NO_COMPANY_WARNING} style={{ marginBottom: 16 }} />
      )}
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'democratic_appraisal',
            label: `${FORM_CATEGORY_LABELS.democratic_appraisal}票`,
            children: <AppraisalTargetsList companyId={companyId} />,
          },
          {
            key: 'democratic_evaluation',
            label: `${FORM_CATEGORY_LABELS.democratic_evaluation}票`,
            children: <EvaluationSubjectsList companyId={companyId} />,
          },
        ]}
      />
    </>
  );
}
