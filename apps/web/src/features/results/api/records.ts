import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '@kaoping/contracts/common';
import type {
  CadreVoteDetail,
  CadreVoteFilterQuery,
  CadreVoteRecord,
  CadreVoterBallots,
  RecommendationVoteFilterQuery,
  RecommendationVoteRecord,
  RecommendationVoterBallots,
  VoteDetail,
  VoteFilterQuery,
  VoteListQuery,
  VoteRecord,
  VoterBallots as AppraisalVoterBallots,
  VoterDeleteResult,
  VoterResult,
} from '@kaoping/contracts/records';
import type { FormCategory } from '@kaoping/contracts/vote-type';
import { adminRequest } from '@/lib/api-client';

/** What the records endpoints answer, per family. */
export interface RecordTypes {
  democratic_appraisal: {
    record: VoteRecord;
    detail: VoteDetail;
    voterBallots: AppraisalVoterBallots;
  };
  democratic_evaluation: {
    record: CadreVoteRecord;
    detail: CadreVoteDetail;
    voterBallots: CadreVoterBallots;
  };
  /** 民主推荐: one row per ballot and post; a whole ballot is its posts. */
  democratic_recommendation: {
    record: RecommendationVoteRecord;
    detail: RecommendationVoteRecord;
    voterBallots: RecommendationVoterBallots;
  };
}
export type BallotRecord<F extends FormCategory> = RecordTypes[F]['record'];
export type BallotDetail<F extends FormCategory> = RecordTypes[F]['detail'];
export type VoterBallots<F extends FormCategory> = RecordTypes[F]['voterBallots'];

/** Filters of the families: appraisal by target, evaluation by poll, 民主推荐 by post and status. */
export type RecordFilterValues = Omit<
  VoteFilterQuery & CadreVoteFilterQuery & RecommendationVoteFilterQuery,
  'company_id'
>;

/** The list queries; sort_by is the list's own (appraisal: created_at or score; evaluation: none). */
export type ListParams = RecordFilterValues &
  Partial<Pick<VoteListQuery, 'skip' | 'limit' | 'order'>> & { company_id: number; sort_by?: string };

/** The same endpoints under /votes (民主测评), /cadre-votes (民主评议) and /recommendation-votes (民主推荐). */
export const RECORDS_PATH = {
  democratic_appraisal: '/admin/votes',
  democratic_evaluation: '/admin/cadre-votes',
  democratic_recommendation: '/admin/recommendation-votes',
} as const satisfies Record<FormCategory, string>;

// Every key starts with 'results': deleting a voter refreshes records, figures and turnout at once.
const key = (family: FormCategory, ...rest: unknown[]) => ['results', 'records', family, ...rest];

/** The ballots, one row per ballot: filters, paging and sorting on the server. */
export function useBallotRecords<F extends FormCategory>(family: F, params: ListParams) {
  // Evaluation and 民主推荐 ballots are listed by 随机编号 only: those endpoints take no sort field.
  const { sort_by: _sortBy, ...rest } = params;
  const query = family === 'democratic_appraisal' ? params : rest;
  return useQuery({
    queryKey: key(family, 'ballots', query),
    queryFn: () => adminRequest<Paged<BallotRecord<F>>>(`${RECORDS_PATH[family]}/`, { query }),
    placeholderData: keepPreviousData,
  });
}

/** One row per voter (submission): vote type, time, number of ballots, total score (appraisal). */
export function useVoterResults(family: FormCategory, params: ListParams) {
  return useQuery({
    queryKey: key(family, 'voters', params),
    queryFn: () =>
      adminRequest<Paged<VoterResult>>(`${RECORDS_PATH[family]}/voter-results`, {
        query: params,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useBallotDetail<F extends FormCategory>(family: F, id: number) {
  return useQuery({
    queryKey: key(family, 'ballot', id),
    queryFn: () => adminRequest<BallotDetail<F>>(`${RECORDS_PATH[family]}/${id}`),
  });
}

/** Everything one voter submitted (in one vote type, or in all of them) in one round. */
export function useVoterBallots<F extends FormCategory>(
  family: F,
  voter: string,
  where: { companyId: number; voteTypeId?: number; roundId?: number },
) {
  const { companyId, voteTypeId, roundId } = where;
  return useQuery({
    queryKey: key(family, 'by-voter', voter, companyId, voteTypeId, roundId),
    queryFn: () =>
      adminRequest<VoterBallots<F>>(`${RECORDS_PATH[family]}/by-voter/${encodeURIComponent(voter)}`, {
        query: { company_id: companyId, vote_type_id: voteTypeId, round_id: roundId },
      }),
  });
}

export interface VoterRef {
  voter: string;
  companyId: number;
  voteTypeId: number;
  /** Why (required; kept in the audit log). */
  reason: string;
}

/** DELETE …/voter/{voter}: one voter's ballots of one vote type (advanced mode, with a reason). */
export const deleteVoter = (family: FormCategory, { voter, companyId, voteTypeId, reason }: VoterRef) =>
  adminRequest<VoterDeleteResult>(`${RECORDS_PATH[family]}/voter/${encodeURIComponent(voter)}`, {
    method: 'DELETE',
    query: { company_id: companyId, vote_type_id: voteTypeId, reason },
  });
