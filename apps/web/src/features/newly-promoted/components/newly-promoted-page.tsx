import type { ComponentType } from 'react';
import { Alert, Skeleton, Tabs } from 'antd';
import { useCompanyPoll } from '@/api/company-polls';
import { CompanySelect, NO_COMPANY_WARNING } from '@/components/company-select';
import { PageHeader } from '@/components/page-header';
import { useCompanyParam } from '@/lib/use-company-param';
import { ImportEmptyState } from './import-empty-state';
import { SettingsTab } from './settings-tab';
import './newly-promoted-admin.css';

/** The evaluation subjects list of spec screen 9, owned by vote target management (the app passes it in). */
type SubjectsList = ComponentType<{ companyId: number }>;

/** 新提拔任用干部评议表管理 (spec screen 7): questionnaire settings and the evaluation subjects. */
export default function NewlyPromotedPage({ subjectsList }: { subjectsList: SubjectsList }) {
  const [companyId, setCompanyId] = useCompanyParam();
  return (
    <>
      <PageHeader title="新提拔任用干部评议表管理" currentRoundOf={companyId}>
        <CompanySelect value={companyId} onChange={setCompanyId} />
      </PageHeader>
      {companyId === undefined ? (
        <>
          <Alert type="warning" showIcon title={NO_COMPANY_WARNING} />
          <ImportEmptyState companyId={undefined} />
        </>
      ) : (
        <NewlyPromotedBody key={companyId} companyId={companyId} subjectsList={subjectsList} />
      )}
    </>
  );
}

function NewlyPromotedBody({
  companyId,
  subjectsList: SubjectsList,
}: {
  companyId: number;
  subjectsList: SubjectsList;
}) {
  const {
    data: poll,
    isPending,
    isError,
    refetch,
    isRefetching,
  } = useCompanyPoll(companyId, 'newly_promoted');
  if (isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  // Spec §8: a failed load leaves the page empty, without a message; the empty state can retry.
  if (isError || !poll) {
    return (
      <ImportEmptyState
        companyId={companyId}
        onRetry={isError ? () => refetch() : undefined}
        retrying={isRefetching}
      />
    );
  }
  return (
    <Tabs
      items={[
        { key: 'settings', label: '问卷设置', children: <SettingsTab key={poll.id} poll={poll} /> },
        {
          key: 'subjects',
          label: '评议对象管理',
          children: <SubjectsList companyId={companyId} />,
        },
      ]}
    />
  );
}
