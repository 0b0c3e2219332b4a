import type { Db } from '../../db/client';
import { findCadreVote } from '../ballots/cadre-votes.repository';
import { findVote } from '../ballots/votes.repository';
import { findCompany } from '../companies/companies.repository';
import { findCoverById } from '../covers/covers.repository';
import { findSubject } from '../evaluation-subjects/evaluation-subjects.repository';
import { findPoll } from '../polls/polls.repository';
import { findVoteTarget } from '../vote-targets/vote-targets.repository';
import { findVoteType } from '../vote-types/vote-types.repository';

/** What an id in a request can name; each resolves to the unit it belongs to. */
export type ObjectKind =
  'company' | 'vote_type' | 'vote_target' | 'evaluation_subject' | 'poll' | 'cover' | 'vote' | 'cadre_vote';

/** A found object: its unit and the row as it is before the request (for the audit summary). */
export interface FoundObject {
  companyId: number;
  row: Record<string, unknown>;
}

type Lookup = { notFound: string; find: (db: Db, id: number) => Promise<FoundObject | undefined> };

const byCompanyId = (row: { companyId: number } | undefined) =>
  row && { companyId: row.companyId, row: row as unknown as Record<string, unknown> };

/** The one table of "which unit is this id in", by the owners' repositories. */
export const UNIT_LOOKUP: Record<ObjectKind, Lookup> = {
  company: {
    notFound: '单位不存在',
    find: async (db, id) => {
      const row = await findCompany(db, id);
      return row && { companyId: row.id, row };
    },
  },
  vote_type: { notFound: '投票类型不存在', find: async (db, id) => byCompanyId(await findVoteType(db, id)) },
  vote_target: {
    notFound: '测评对象不存在',
    find: async (db, id) => byCompanyId(await findVoteTarget(db, id)),
  },
  evaluation_subject: {
    notFound: '评议对象不存在',
    find: async (db, id) => byCompanyId(await findSubject(db, id)),
  },
  poll: { notFound: '问卷不存在', find: async (db, id) => byCompanyId(await findPoll(db, id)) },
  cover: { notFound: '封面不存在', find: async (db, id) => byCompanyId(await findCoverById(db, id)) },
  vote: { notFound: '答卷不存在', find: async (db, id) => byCompanyId((await findVote(db, id))?.vote) },
  cadre_vote: {
    notFound: '答卷不存在',
    find: async (db, id) => byCompanyId((await findCadreVote(db, id))?.vote),
  },
};
