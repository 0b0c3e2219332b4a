import { Link, useSearchParams } from 'react-router';
import { FORM_CATEGORY_LABELS } from '@kaoping/contracts/vote-type';
import { Alert, Col, Empty, Row, Select } from 'antd';
import { useVoteTypes } from '@/api/vote-types';
import { CompanySelect, NO_COMPANY_WARNING } from '@/components/company-select';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { rememberCompany, useCompanyParam } from '@/lib/use-company-param';
import { CoverCard } from './cover-card';

/** Cover management: the front and back cover of each vote type of a company. */
export default function CoversPage() {
  const [companyId] = useCompanyParam();
  const [params, setParams] = useSearchParams();
  const voteTypes = useVoteTypes(companyId);
  const rawType = Number(params.get('vote_type'));
  // A vote type of another company (an old link, a changed company) counts as none chosen.
  const voteType = voteTypes.data?.find((v) => v.id === rawType);

  // Both values live in the URL; one update so that changing the company also drops the vote type.
  const choose = (company: number | undefined, type: number | undefined) => {
    rememberCompany(company);
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        for (const [k, v] of [
          ['company', company],
          ['vote_type', type],
        ] as const) {
          if (v === undefined) p.delete(k);
          else p.set(k, String(v));
        }
        return p;
      },
      { replace: true },
    );
  };

  return (
    <>
      <PageHeader title="封面管理" currentRoundOf={companyId}>
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
          <CompanySelect value={companyId} onChange={(id) => choose(id, undefined)} />
          <Select<number>
            aria-label="选择投票类型"
            placeholder={voteTypes.isError ? '投票类型加载失败' : '请选择投票类型'}
            disabled={companyId === undefined}
            loading={voteTypes.isLoading}
            value={voteType?.id}
            onChange={(id) => choose(companyId, id)}
            options={voteTypes.data?.map((v) => ({
              value: v.id,
              label: `${v.name}（${FORM_CATEGORY_LABELS[v.form_category]}）`,
            }))}
            notFoundContent="该单位暂无投票类型"
            style={{ width: 280, maxWidth: '100%' }}
          />
        </div>
      </PageHeader>
      <CoversBody
        companyId={companyId}
        voteTypeId={voteType?.id}
        others={voteTypes.data?.filter((v) => v.id !== voteType?.id) ?? []}
        typesState={
          voteTypes.isError ? 'error' : voteTypes.data ? (voteTypes.data.length ? 'some' : 'none') : 'loading'
        }
        typesError={voteTypes.error}
        onRetry={() => voteTypes.refetch()}
      />
    </>
  );
}

function CoversBody({
  companyId,
  voteTypeId,
  others,
  typesState,
  typesError,
  onRetry,
}: {
  companyId: number | undefined;
  voteTypeId: number | undefined;
  others: { id: number; name: string }[];
  typesState: 'loading' | 'error' | 'none' | 'some';
  typesError: unknown;
  onRetry: () => void;
}) {
  if (companyId === undefined) return <Alert type="warning" showIcon title={NO_COMPANY_WARNING} />;
  if (typesState === 'error') {
    return <LoadError title="获取投票类型失败" error={typesError} onRetry={onRetry} />;
  }
  if (typesState === 'none') {
    return (
      <Empty description="该单位还没有投票类型，封面按投票类型设置">
        <Link to={`/admin/vote-types?company=${companyId}`}>去新增投票类型</Link>
      </Empty>
    );
  }
  if (voteTypeId === undefined) {
    return <Empty description={typesState === 'loading' ? '正在加载投票类型…' : '请选择投票类型'} />;
  }
  return (
    <Row gutter={[16, 16]}>
      {(['front', 'back'] as const).map((kind) => (
        <Col key={`${voteTypeId}-${kind}`} xs={24} lg={12}>
          <CoverCard companyId={companyId} voteTypeId={voteTypeId} kind={kind} others={others} />
        </Col>
      ))}
    </Row>
  );
}
