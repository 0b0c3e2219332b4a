import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ArrowLeftOutlined } from '@ant-design/icons';
import type { CodeListQuery } from '@kaoping/contracts/ballot-codes-api';
import type { VoteType } from '@kaoping/contracts/vote-type';
import { Alert, Button, Col, Result, Row, Skeleton, Typography } from 'antd';
import { useCodeList } from '@/api/ballot-codes';
import { useCompanyName } from '@/api/companies';
import { useVoteTypes } from '@/api/vote-types';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { AccessModeTag, TestModeTag, VoteTypeStatusTag } from '@/components/vote-type-tags';
import { useCompanyParam } from '@/lib/use-company-param';
import { AccessModeCard } from './access-mode-card';
import { CodeCounts } from './code-counts';
import { CodesTable } from './codes-table';
import { IssueCodesCard } from './issue-codes-card';
import { PaperCard } from './paper-card';
import { SlipsCard } from './slips-card';
import './codes.css';

/** 测评码管理 (/admin/vote-types/{id}/codes?company=): one vote type's one-time codes. */
export default function CodesPage() {
  const navigate = useNavigate();
  const { voteTypeId = '' } = useParams();
  const [companyId] = useCompanyParam();
  const id = Number(voteTypeId);
  const list = useVoteTypes(companyId);
  const back = () => navigate(`/admin/vote-types${companyId ? `?company=${companyId}` : ''}`);
  const header = (
    <PageHeader
      title="测评码管理"
      currentRoundOf={companyId}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={back}>
          返回投票类型
        </Button>
      }
    />
  );

  if (companyId === undefined || !Number.isInteger(id) || id <= 0) {
    return (
      <>
        {header}
        <Alert type="warning" showIcon title="请从投票类型页面的“测评码”按钮进入" />
      </>
    );
  }
  if (list.isError && !list.data) {
    return (
      <>
        {header}
        <LoadError title="获取投票类型失败" error={list.error} onRetry={() => void list.refetch()} />
      </>
    );
  }
  const voteType = list.data?.find((v) => v.id === id);
  if (!voteType) {
    return (
      <>
        {header}
        {list.isLoading ? (
          <Skeleton active />
        ) : (
          <Result status="404" title="未找到该投票类型" subTitle="它可能已被删除，或不属于所选单位。" />
        )}
      </>
    );
  }
  return (
    <>
      {header}
      {voteType.recommendation_mode === 'talk' ? (
        // 谈话调研推荐 has no codes, slips or link (the server refuses them): say so, offer nothing.
        <Result
          status="info"
          title={`“${voteType.name}”为谈话调研推荐，不使用测评码`}
          subTitle="谈话调研推荐不设投票链接、二维码和测评码；谈话记录由谈话人员在投票类型页面点“录入谈话记录”逐份录入。"
        />
      ) : (
        <VoteTypeCodes voteType={voteType} />
      )}
    </>
  );
}

function VoteTypeCodes({ voteType }: { voteType: VoteType }) {
  const companyName = useCompanyName(voteType.company_id);
  const [params, setParams] = useState<Partial<CodeListQuery>>({ skip: 0, limit: 50 });
  const query = useCodeList(voteType.id, params);
  const counts = query.data;

  return (
    <>
      <div className="kp-codes-title">
        <Typography.Text strong style={{ fontSize: 16 }}>
          {companyName ? `${companyName} · ` : ''}
          {voteType.name}
        </Typography.Text>
        <span>
          <AccessModeTag voteType={voteType} />
          <VoteTypeStatusTag voteType={voteType} />
          <TestModeTag voteType={voteType} />
        </span>
      </div>
      {voteType.access_mode === 'link' && (
        <Alert
          type="info"
          showIcon
          className="kp-codes-notice"
          title="当前为公开链接方式，测评码暂不起作用"
          description="可以先发放测评码、打印纸条，在右侧切换为“测评码”方式后生效。"
        />
      )}
      {voteType.status === 'closed' && voteType.access_mode === 'codes' && (
        <Alert
          type="info"
          showIcon
          className="kp-codes-notice"
          title="投票已结束"
          description={`结束时未使用的测评码已全部作废（收回 ${counts?.recalled ?? '…'} 个）。`}
        />
      )}
      {counts && !counts.used_listed && (
        // While the vote is open which code was used is counts only (decision 0041).
        <div data-testid="open-vote-notice" className="kp-codes-notice">
          <Alert
            type="info"
            showIcon
            title="投票进行中：测评码一律显示为“已发放”，结束投票后可查看每个测评码是否已使用"
            description={`已使用 ${counts.used} 个、未使用 ${counts.unused} 个只统计数量，不逐个列出；列表按测评码排序，与发放和使用的先后无关。`}
          />
        </div>
      )}
      {voteType.test_mode && (
        <Alert
          type="warning"
          showIcon
          className="kp-codes-notice"
          title="试投票中"
          description="试投票期间用过的测评码会在“转为正式投票”时作废；未用的测评码仍可用于正式投票。"
        />
      )}
      {query.isError && !counts && (
        <LoadError title="获取测评码失败" error={query.error} onRetry={() => void query.refetch()} />
      )}
      <CodeCounts counts={counts} />
      {/* On a phone the actions come before the long list; on a wide screen they sit beside it. */}
      <Row gutter={16}>
        <Col xs={{ span: 24, order: 2 }} xl={{ span: 16, order: 1 }}>
          <CodesTable voteType={voteType} query={query} params={params} onParams={setParams} />
        </Col>
        <Col xs={{ span: 24, order: 1 }} xl={{ span: 8, order: 2 }}>
          <IssueCodesCard voteType={voteType} companyName={companyName} issued={counts?.issued} />
          <SlipsCard
            voteType={voteType}
            companyName={companyName}
            batches={counts?.batches ?? 0}
            open={counts !== undefined && !counts.used_listed}
          />
          <PaperCard voteType={voteType} companyName={companyName} />
          <AccessModeCard voteType={voteType} />
        </Col>
      </Row>
    </>
  );
}
