import { useState } from 'react';
import { Alert, Card, Grid, Segmented } from 'antd';
import { useListState } from '@/components/charts/list-state';
import { useVoterDelete } from '@/components/charts/use-voter-delete';
import { CompanySelect } from '@/components/company-select';
import { PageHeader } from '@/components/page-header';
import { useCompanyParam } from '@/lib/use-company-param';
import '@/components/charts/charts.css';
import { BallotDrawer, type BallotRef } from './ballot-drawer';
import { RecordFilters, type RecordFilterValues } from './record-filters';
import { RecordsTable } from './records-table';
import { VotersTable } from './voters-table';

/** 投票记录 (/admin/vote-records): every 民主测评 ballot, or one row per voter, with a read-only view. */
export default function VoteRecordsPage() {
  const [companyId, setCompanyId] = useCompanyParam();
  return (
    <>
      <PageHeader title="投票记录">
        <CompanySelect value={companyId} onChange={setCompanyId} />
      </PageHeader>
      {companyId === undefined ? (
        <Alert type="warning" showIcon title="请先在页面顶部选择公司" />
      ) : (
        <CompanyRecords key={companyId} companyId={companyId} />
      )}
    </>
  );
}

function CompanyRecords({ companyId }: { companyId: number }) {
  const screens = Grid.useBreakpoint();
  const [view, setView] = useState<'ballots' | 'voters'>('ballots');
  const [filters, setFilters] = useState<RecordFilterValues>({});
  const [open, setOpen] = useState<BallotRef>();
  const ballots = useListState<'created_at' | 'score'>('created_at');
  const voters = useListState<'created_at' | 'total_score'>('created_at');
  const { remove } = useVoterDelete('votes');

  const changeFilters = (next: RecordFilterValues) => {
    setFilters(next);
    ballots.firstPage();
    voters.firstPage();
  };
  const del = (voter: string, voteTypeId: number) => void remove({ voter, companyId, voteTypeId });

  return (
    <Card size={screens.sm === false ? 'small' : 'default'}>
      <Segmented
        value={view}
        onChange={(v) => setView(v as 'ballots' | 'voters')}
        options={[
          { value: 'ballots', label: '按答卷' },
          { value: 'voters', label: '按投票人' },
        ]}
        style={{ marginBottom: 12 }}
      />
      <RecordFilters
        companyId={companyId}
        value={filters}
        onChange={changeFilters}
        perVoter={view === 'voters'}
      />
      {view === 'ballots' ? (
        <RecordsTable
          companyId={companyId}
          filters={filters}
          list={ballots}
          onView={(id) => setOpen({ kind: 'vote', id })}
          onDelete={(r) => del(r.voter_identifier, r.vote_type_id)}
        />
      ) : (
        <VotersTable
          companyId={companyId}
          filters={filters}
          list={voters}
          onView={(r) => setOpen({ kind: 'voter', voter: r.voter_identifier, voteTypeId: r.vote_type_id })}
          onDelete={(r) => del(r.voter_identifier, r.vote_type_id)}
        />
      )}
      <BallotDrawer companyId={companyId} open={open} onClose={() => setOpen(undefined)} />
    </Card>
  );
}
