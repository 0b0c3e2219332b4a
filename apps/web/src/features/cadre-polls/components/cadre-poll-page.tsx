import { useEffect } from 'react';
import { Alert, App, Button, Empty, Result, Skeleton } from 'antd';
import { CompanySelect } from '@/components/company-select';
import { PageHeader } from '@/components/page-header';
import { errorDetail } from '@/lib/api-client';
import { useCompanyParam } from '@/lib/use-company-param';
import { useCompanyPoll } from '../api/company-polls';
import { usePollMutations } from '../api/mutate-poll';
import { PollEditor } from './poll-editor/poll-editor';

/** 选人用人工作问卷管理 (spec screen 3): pick a company, import the template, edit the questionnaire. */
export default function CadrePollPage() {
  const [companyId, setCompanyId] = useCompanyParam();
  return (
    <>
      <PageHeader title="选人用人工作问卷管理">
        <CompanySelect value={companyId} onChange={setCompanyId} />
      </PageHeader>
      {companyId === undefined ? (
        <Alert type="warning" showIcon title="请先在页面顶部选择公司" />
      ) : (
        <CadrePollBody companyId={companyId} />
      )}
    </>
  );
}

function CadrePollBody({ companyId }: { companyId: number }) {
  const { message } = App.useApp();
  const { data: poll, isPending, isError, refetch, isRefetching } = useCompanyPoll(companyId, 'cadre');
  const { copy } = usePollMutations();
  useEffect(() => {
    if (isError) message.error('获取问卷数据失败');
  }, [isError, message]);

  const importTemplate = async () => {
    if (!companyId) {
      message.warning('请先选择公司');
      return;
    }
    try {
      await copy.mutateAsync({ companyId, kind: 'cadre' });
      message.success('从模板导入问卷成功');
    } catch (err) {
      message.error(errorDetail(err, '导入问卷失败'));
    }
  };

  if (isPending) return <Skeleton active paragraph={{ rows: 8 }} aria-busy="true" />;
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
  if (!poll) {
    return (
      <Empty description="该公司暂无选人用人工作问卷" style={{ padding: '48px 0' }}>
        <Button type="primary" loading={copy.isPending} onClick={importTemplate}>
          从模板导入问卷
        </Button>
      </Empty>
    );
  }
  return <PollEditor key={poll.id} poll={poll} previewType="cadre" />;
}
