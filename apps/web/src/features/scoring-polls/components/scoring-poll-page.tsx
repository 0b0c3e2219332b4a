import { useEffect } from 'react';
import { Alert, App, Button, Card, Empty, Result, Skeleton } from 'antd';
import { useCompanyPoll } from '@/api/company-polls';
import { CompanySelect } from '@/components/company-select';
import { ImportTemplateButton } from '@/components/import-template-button';
import { PageHeader } from '@/components/page-header';
import { errorDetail } from '@/lib/api-client';
import { useCompanyParam } from '@/lib/use-company-param';
import { SCORING_KIND_TEXT, type ScoringKind } from '../lib/scoring-kinds';
import { ScoringPollEditor } from './scoring-poll-editor';
import './scoring-polls.css';

/** Company or person poll management (spec §2 screens 1-2): pick a company, import, edit, save. */
export function ScoringPollPage({ kind }: { kind: ScoringKind }) {
  const text = SCORING_KIND_TEXT[kind];
  const { message } = App.useApp();
  const [companyId, setCompanyId] = useCompanyParam();
  const query = useCompanyPoll(companyId, kind);

  useEffect(() => {
    if (query.isError) message.error('获取问卷数据失败');
  }, [query.isError, query.errorUpdatedAt, message]);

  const importButton = <ImportTemplateButton companyId={companyId} kind={kind} label="从模板导入" />;

  let body;
  if (companyId === undefined) {
    body = (
      <>
        <Alert type="warning" showIcon title={text.noCompany} />
        <Card className="kp-scoring-empty">
          <Empty description={`选择单位后，可在此设置该单位的${text.templateName}及计分规则`}>
            {importButton}
          </Empty>
        </Card>
      </>
    );
  } else if (query.isPending) {
    body = (
      <>
        <ScoringPollEditor kind={kind} poll={undefined} />
        <Card aria-busy="true" aria-label="正在加载问卷">
          <Skeleton active paragraph={{ rows: 10 }} />
        </Card>
      </>
    );
  } else if (query.isError) {
    body = (
      <>
        <ScoringPollEditor kind={kind} poll={undefined} />
        <Result
          status="error"
          title="获取问卷数据失败"
          subTitle={errorDetail(query.error, '请检查网络后重试。')}
          extra={<Button onClick={() => query.refetch()}>重试</Button>}
        />
      </>
    );
  } else if (query.data === null) {
    body = (
      <Card className="kp-scoring-empty">
        <Empty
          description={
            <>
              <div className="kp-scoring-empty-title">{text.emptyText}</div>
              <div>可从“{text.templateName}”模板导入，再按本单位情况修改。</div>
            </>
          }
        >
          {importButton}
        </Empty>
      </Card>
    );
  } else {
    const poll = query.data;
    body = <ScoringPollEditor key={`${poll.id}:${poll.updated_at}`} kind={kind} poll={poll} />;
  }

  return (
    <div className="kp-scoring">
      <PageHeader title={text.pageTitle} currentRoundOf={companyId}>
        <CompanySelect value={companyId} onChange={setCompanyId} />
      </PageHeader>
      {body}
    </div>
  );
}
