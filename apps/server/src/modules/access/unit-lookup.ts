import type { Db } from '../../db/client';
import type { ErrorCode } from '../../lib/errors';
import { findCadreVote } from '../ballots/cadre-votes.repository';
import { findRecommendationVote } from '../ballots/recommendation-records.repository';
import { findVote } from '../ballots/votes.repository';
import { findCompany } from '../companies/companies.repository';
import { findCoverById } from '../covers/covers.repository';
import { findSubject } from '../evaluation-subjects/evaluation-subjects.repository';
import { findPoll } from '../polls/polls.repository';
import { findPostRow } from '../recommendations/recommendation-posts.repository';
import { findVoteTarget } from '../vote-targets/vote-targets.repository';
import { findVoteType } from '../vote-types/vote-types.repository';

/** What an id in a request can name; each resolves to the unit it belongs to. */
export type ObjectKind =
  | 'company'
  | 'vote_type'
  | 'vote_target'
  | 'evaluation_subject'
  | 'recommendation_post'
  | 'poll'
  | 'cover'
  | 'vote'
  | 'cadre_vote'
  | 'recommendation_vote';

/** A found object: its unit and the row as it is before the request (for the audit summary). */
export interface FoundObject {
  companyId: number;
  row: Record<string, unknown>;
}

type Lookup = { notFound: ErrorCode; find: (db: Db, id: number) => Promise<FoundObject | undefined> };

const byCompanyId = (row: { companyId: number } | undefined) =>
  row && { companyId: row.companyId, row: row as unknown as Record<string, unknown> };

/** The one table of "which unit is this id in", by the owners' repositories. */
export const UNIT_LOOKUP: Record<ObjectKind, Lookup> = {
  company: {
    notFound: 'COMPANY_NOT_FOUND',
    find: async (db, id) => {
      const row = await findCompany(db, id);
      return row && { companyId: row.id, row };
    },
  },
  vote_type: {
    notFound: 'VOTE_TYPE_NOT_FOUND',
    find: async (db, id) => byCompanyId(await findVoteType(db, id)),
  },
  vote_target: {
    notFound: 'VOTE_TARGET_NOT_FOUND',
    find: async (db, id) => byCompanyId(await findVoteTarget(db, id)),
  },
  evaluation_subject: {
    notFound: 'SUBJECT_NOT_FOUND',
    find: async (db, id) => byCompanyId(await findSubject(db, id)),
  },
  recommendation_post: {
    notFound: 'RECOMMENDATION_POST_NOT_FOUND',
    find: async (db, id) => byCompanyId(await findPostRow(db, id)),
  },
  poll: { notFound: 'POLL_NOT_FOUND', find: async (db, id) => byCompanyId(await findPoll(db, id)) },
  cover: { notFound: 'COVER_NOT_FOUND', find: async (db, id) => byCompanyId(await findCoverById(db, id)) },
  vote: { notFound: 'BALLOT_NOT_FOUND', find: async (db, id) => byCompanyId((await findVote(db, id))?.vote) },
  cadre_vote: {
    notFound: 'BALLOT_NOT_FOUND',
    find: async (db, id) => byCompanyId((await findCadreVote(db, id))?.vote),
  },
  recommendation_vote: {
    notFound: 'BALLOT_NOT_FOUND',
    find: async (db, id) => byCompanyId((await findRecommendationVote(db, id))?.vote),
  },
};
