import { useState } from 'react';
import type { FormCategory } from '@kaoping/contracts/vote-type';
import { VOTER_DELETE_AFTER_END } from '@kaoping/contracts/constants';
import { Alert, Card, Grid, Segmented } from 'antd';
import { useRole } from '@/api/me';
import { useVoteTypes } from '@/api/vote-types';
import { OpenVoteNotice } from '@/components/open-vote-notice';
import { NO_COMPANY_WARNING } from '@/components/company-select';
import { PageHeader } from '@/components/page-header';
import type { RecordFilterValues } from '../../api/records';
import { useLiveTurnout } from '../../api/turnout';
import { useListState } from '../../lib/list-state';
import { ArchivedBanner, ScopeSelects, useResultsScope } from '../round-scope';
import { BallotDrawer, type BallotRef } from './ballot-drawer';
import { RecordFilters } from './record-filters';
import type { RecordFamily } from './record-family';
import { RecordsTable } from './records-table';
import { useVoterDelete } from './use-voter-delete';
import { VotersTable } from './voters-table';
import '../results.css';

/**
 * The records screen of one family: every ballot, or one row per voter, with a read-only view. An
 * archived round (测评批次) is shown under a banner, without the voter delete.
 */
export function RecordsPage<F extends FormCategory>({ family }: { family: RecordFamily<F> }) {
  const scope = useResultsScope();
  const { companyId } = scope;
  const { roundId, readOnly } = scope.scope;
  return (
    <>
      <PageHeader title={family.title}>
        <ScopeSelects scope={scope} />
      </PageHeader>
      {companyId === undefined ? (
        <Alert type="warning" showIcon title={NO_COMPANY_WARNING} />
      ) : (
        <>
          <ArchivedBanner scope={scope.scope} />
          <CompanyRecords
            key={`${companyId}:${roundId ?? 'current'}`}
            family={family}
            companyId={companyId}
            roundId={roundId}
            readOnly={readOnly}
          />
        </>
      )}
    </>
  );
}

interface CompanyRecordsProps<F extends FormCategory> {
  family: RecordFamily<F>;
  companyId: number;
  /** Undefined = the current round. */
  roundId: number | undefined;
  /** An archived round: no voter delete. */
  readOnly: boolean;
}

function CompanyRecords<F extends FormCategory>({
  family,
  companyId,
  roundId,
  readOnly,
}: CompanyRecordsProps<F>) {
  const screens = Grid.useBreakpoint();
  const [view, setView] = useState<'ballots' | 'voters'>('ballots');
  // The round travels with the filters: every list asks for the same round.
  const [filters, setFilters] = useState<RecordFilterValues>({ round_id: roundId });
  const [open, setOpen] = useState<BallotRef>();
  // By the 随机编号 (issue 26): an order unrelated to arrival.
  const ballots = useListState<string>('voter_key');
  const voters = useListState<string>('voter_key');
  const { remove } = useVoterDelete(family.family);

  const changeFilters = (next: RecordFilterValues) => {
    setFilters(next);
    ballots.firstPage();
    voters.firstPage();
  };
  const del = readOnly
    ? undefined
    : (r: { voter_key: string; vote_type_id: number }, reason: string) =>
        void remove({ voter: r.voter_key, companyId, voteTypeId: r.vote_type_id, reason });
  // Once a vote has ended (投票结束 or 完成计票) only a system admin may still delete its ballots.
  const role = useRole();
  const { data: voteTypes } = useVoteTypes(companyId);
  // The vote types still open are left out of every list below until 结束投票 (decision 0041).
  const turnout = useLiveTurnout(companyId, family.family, roundId, !readOnly);
  const openNames = (turnout.data?.vote_types ?? []).filter((v) => v.figures_hidden).map((v) => v.name);
  // With groups still open an empty list is not "no ballots": theirs come after 结束投票.
  const emptyText = openNames.length > 0 ? '暂无可查看的记录，投票进行中的选票在结束投票后列出' : undefined;
  const deleteBlocked = (r: { vote_type_id: number }) => {
    const stage = voteTypes?.find((v) => v.id === r.vote_type_id)?.count_stage;
    return stage && stage !== 'voting' && role !== 'system_admin' ? VOTER_DELETE_AFTER_END : undefined;
  };

  return (
    <Card size={screens.sm === false ? 'small' : 'medium'}>
      <OpenVoteNotice names={openNames} what="选票记录" />
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
          deleteBlocked={deleteBlocked}
          emptyText={emptyText}
        />
      ) : (
        <VotersTable
          family={family}
          companyId={companyId}
          filters={filters}
          list={voters}
          onView={(r) => setOpen({ kind: 'voter', voter: r.voter_key, voteTypeId: r.vote_type_id })}
          onDelete={del}
          deleteBlocked={deleteBlocked}
          emptyText={emptyText}
        />
      )}
      <BallotDrawer
        family={family}
        companyId={companyId}
        roundId={roundId}
        open={open}
        onClose={() => setOpen(undefined)}
      />
    </Card>
  );
}
