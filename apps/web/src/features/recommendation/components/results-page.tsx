import { useState } from 'react';
import { EditOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Skeleton } from 'antd';
import { CompanySelect, NO_COMPANY_WARNING } from '@/components/company-select';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { RoundSelect } from '@/components/round-select';
import { useCompanyParam } from '@/lib/use-company-param';
import { useRoundParam } from '@/lib/use-round-param';
import { useRecommendationResults } from '../api/results';
import { NameMergeModal } from './name-merge-modal';
import { ResultsDownloads } from './results-downloads';
import { PostResult } from './post-result';
import './recommendation.css';

/**
 * 民主推荐结果 (issue 30): per post, each voter group (vote type) of the family and the 合计 side by side,
 * of the closed vote types; 姓名校改 merges the spellings of a person written in.
 */
export default function RecommendationResultsPage() {
  const [companyId, setCompanyId] = useCompanyParam();
  const [roundId, setRoundId] = useRoundParam();
  const query = useRecommendationResults(companyId, roundId);
  const [merging, setMerging] = useState(false);
  const data = query.data;
  const hasWriteIns = !!data?.total.posts.some((p) => p.candidates.some((c) => c.write_in));

  return (
    <>
      <PageHeader
        title="民主推荐结果"
        extra={
          data &&
          companyId !== undefined && (
            <>
              <Button icon={<EditOutlined />} disabled={!hasWriteIns} onClick={() => setMerging(true)}>
                姓名校改
              </Button>
              {data.groups.length > 0 && <ResultsDownloads companyId={companyId} roundId={roundId} />}
            </>
          )
        }
      >
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <CompanySelect value={companyId} onChange={setCompanyId} />
          <RoundSelect companyId={companyId} value={roundId} onChange={setRoundId} />
        </div>
      </PageHeader>
      {companyId === undefined ? (
        <Alert type="warning" showIcon title={NO_COMPANY_WARNING} />
      ) : query.isError && !data ? (
        <LoadError title="获取民主推荐结果失败" error={query.error} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <Skeleton active aria-label="正在加载民主推荐结果" />
      ) : (
        <div className="kp-rec-results">
          {data.open_note && <Alert type="info" showIcon title={data.open_note} />}
          {data.groups.length === 0 || data.total.posts.length === 0 ? (
            <Empty
              description={
                data.groups.length === 0 ? '暂无已结束的民主推荐投票，结束投票后可查看结果' : '暂无推荐职位'
              }
            />
          ) : (
            data.total.posts.map((total) => (
              <PostResult
                key={total.post_id}
                total={total}
                groups={data.groups.map((group) => ({
                  group,
                  post: group.posts.find((p) => p.post_id === total.post_id),
                }))}
                shareNote={data.share_note}
              />
            ))
          )}
          {merging && (
            <NameMergeModal companyId={companyId} results={data} onClose={() => setMerging(false)} />
          )}
        </div>
      )}
    </>
  );
}
