import { useState } from 'react';
import type { FormCategory } from '@kaoping/contracts/vote-type';
import { Alert, Card, Grid, Segmented } from 'antd';
import { CompanySelect, NO_COMPANY_WARNING } from '@/components/company-select';
import { PageHeader } from '@/components/page-header';
import { useCompanyParam } from '@/lib/use-company-param';
import type { RecordFilterValues } from '../../api/records';
import { useListState } from '../../lib/list-state';
import { BallotDrawer, type BallotRef } from './ballot-drawer';
import { RecordFilters } from './record-filters';
import type { RecordFamily } from './record-family';
import { RecordsTable } from './records-table';
import { useVoterDelete } from './use-voter-delete';
import { VotersTable } from './voters-table';
import '../results.css';

/** The records screen of one family: every ballot, or one row per voter, with a read-only view. */
export function RecordsPage<F extends FormCategory>({ family }: { family: RecordFamily<F> }) {
  const [companyId, setCompanyId] = useCompanyParam();
  return (
    <>
      <PageHeader title={family.title}>
        <CompanySelect value={companyId} onChange={setCompanyId} />
      </PageHeader>
      {companyId === undefined ? (
        <Alert type="warning" showIcon title={NO_COMPANY_WARNING} />
      ) : (
        <CompanyRecords key={companyId} family={family} companyId={companyId} />
      )}
    </>
  );
}

function CompanyRecords<F extends FormCategory>({
  family,
  companyId,
}: {
  family: RecordFamily<F>;
  companyId: number;
}) {
  const screens = Grid.useBreakpoint();
  const [view, setView] = useState<'ballots' | 'voters'>('ballots');
  const [filters, setFilters] = useState<RecordFilterValues>({});
  const [open, setOpen] = useState<BallotRef>();
  const ballots = useListState<string>('created_at');
  const voters = useListState<string>('created_at');
  const { remove } = useVoterDelete(family.family);

  const changeFilters = (next: RecordFilterValues) => {
    setFilters(next);
    ballots.firstPage();
    voters.firstPage();
  };
  const del = (r: { voter_identifier: string; vote_type_id: number }) =>
    void remove({ voter: r.voter_identifier, companyId, voteTypeId: r.vote_type_id });

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
        family={family}
        companyId={companyId}
        value={filters}
        onChange={changeFilters}
        perVoter={view === 'voters'}
      />
      {view === 'ballots' ? (
        <RecordsTable
          family={family}
          companyId={companyId}
          filters={filters}
          list={ballots}
          onView={(id) => setOpen({ kind: 'vote', id })}
          onDelete={del}
        />
      ) : (
        <VotersTable
          family={family}
          companyId={companyId}
          filters={filters}
          list={voters}
          onView={(r) => setOpen({ kind: 'voter', voter: r.voter_identifier, voteTypeId: r.vote_type_id })}
          onDelete={del}
        />
      )}
      <BallotDrawer family={family} companyId={companyId} open={open} onClose={() => setOpen(undefined)} />
    </Card>
  );
}
