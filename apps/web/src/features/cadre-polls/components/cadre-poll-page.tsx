import { useEffect } from 'react';
import { Alert, App, Button, Card, Result, Skeleton } from 'antd';
import { useCompanyPoll } from '@/api/company-polls';
import { CompanySelect } from '@/components/company-select';
import { PageHeader } from '@/components/page-header';
import { useCompanyParam } from '@/lib/use-company-param';
import { CadreImportCard } from './cadre-import-card';
import { PollEditor } from './poll-editor/poll-editor';
import './cadre-polls.css';

/** 选人用人工作问卷管理 (spec screen 3): pick a company, import the template, edit the questionnaire. */
export default function CadrePollPage() {
  const [companyId, setCompanyId] = useCompanyParam();
  return (
    <>
      <PageHeader title="选人用人工作问卷管理" currentRoundOf={companyId}>
        <CompanySelect value={companyId} onChange={setCompanyId} />
      </PageHeader>
      {companyId === undefined ? (
        <>
          <Alert type="warning" showIcon title="请先在页面顶部选择公司" />
          <CadreImportCard companyId={undefined} />
        </>
      ) : (
        <CadrePollBody companyId={companyId} />
      )}
    </>
  );
}

function CadrePollBody({ companyId }: { companyId: number }) {
  const { message } = App.useApp();
  const {
    data: poll,
    isPending,
    isError,
    errorUpdatedAt,
    refetch,
    isRefetching,
  } = useCompanyPoll(companyId, 'cadre');
  useEffect(() => {
    if (isError) message.error('获取问卷数据失败');
  }, [isError, errorUpdatedAt, message]);

  if (isPending) {
    return (
      <Card aria-busy="true" aria-label="正在加载问卷">
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  }
  if (isError) {
    return (
      <Result
        status="error"
        title="获取问卷数据失败"
        subTitle="请检查网络后重试。"
        extra={
          <Button loading={isRefetching} onClick={() => refetch()}>
            重试
          </Button>
        }
      />
    );
  }
  if (!poll) return <CadreImportCard companyId={companyId} />;
  return <PollEditor key={poll.id} poll={poll} previewType="cadre" />;
}
