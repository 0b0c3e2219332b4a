import { useEffect } from 'react';
import { CloudDownloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Empty, Result, Skeleton } from 'antd';
import { CompanySelect } from '@/components/company-select';
import { PageHeader } from '@/components/page-header';
import { useCompanyParam } from '@/lib/use-company-param';
import { useCompanyPoll } from '../api/company-polls';
import { serverDetail, usePollMutations } from '../api/mutate-poll';
import { PollEditor } from './poll-editor/poll-editor';
import './cadre-polls.css';

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
    // Unreachable from this screen (the button shows only with a company), kept for the spec's rule.
    if (!companyId) {
      message.warning('请先选择公司');
      return;
    }
    try {
      await copy.mutateAsync({ companyId, kind: 'cadre' });
      message.success('从模板导入问卷成功');
    } catch (err) {
      message.error(serverDetail(err) ?? '导入问卷失败');
    }
  };

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
  if (!poll) {
    return (
      <Card className="kp-cadre-empty">
        <Empty
          description={
            <>
              <div className="kp-cadre-empty-title">该公司暂无选人用人工作问卷</div>
              <div>可从“选人用人工作民主评议表”模板导入，再按本单位情况修改。</div>
            </>
          }
        >
          <Button
            type="primary"
            icon={<CloudDownloadOutlined />}
            loading={copy.isPending}
            onClick={importTemplate}
          >
            从模板导入问卷
          </Button>
        </Empty>
      </Card>
    );
  }
  return <PollEditor key={poll.id} poll={poll} previewType="cadre" />;
}
