import { randomBytes } from 'node:crypto';
import {
  type VoteType,
  type VoteTypeCreateBody,
  type VoteTypeListQuery,
  type VoteTypeUpdateBody,
  voteTypePublicPath,
} from '@kaoping/contracts/vote-type';
import type { Db } from '../../db/client';
import {
  conflict,
  forbidden,
  invalid,
  isForeignKeyViolation,
  isUniqueViolation,
  notFound,
} from '../../lib/errors';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../audit/audit.repository';
import { voteTypeHasSubmissions } from '../ballots/submissions.repository';
import { getCompany } from '../companies/companies.service';
import * as repo from './vote-types.repository';

/** 128 random bits, URL-safe: a link nobody can guess or enumerate. */
export const newLinkId = () => randomBytes(16).toString('base64url');

export function mapVoteType(row: repo.VoteTypeRow): VoteType {
  return {
    id: row.id,
    company_id: row.companyId,
    name: row.name,
    form_category: row.formCategory as VoteType['form_category'],
    weight: row.weight,
    link_id: row.linkId,
    public_path: voteTypePublicPath(row.linkId),
    is_active: row.isActive,
    sort_order: row.sortOrder,
    opens_at: row.opensAt?.toISOString() ?? null,
    closes_at: row.closesAt?.toISOString() ?? null,
    expected_voters: row.expectedVoters,
    results_public: row.resultsPublic,
    created_at: row.createdAt.toISOString(),
  };
}

const toDate = (v: string | null | undefined) =>
  v === undefined ? undefined : v === null ? null : new Date(v);
const duplicate = (name: string) => conflict(`投票类型名称“${name}”已存在`);

/** The vote type, or 404 when it does not exist or belongs to another company than the one given. */
async function getScopedVoteType(db: Db, id: number, companyId?: number) {
  const row = await repo.findVoteType(db, id);
  if (!row || (companyId !== undefined && row.companyId !== companyId)) throw notFound('投票类型不存在');
  return row;
}

/** The company (404 '单位不存在') and its vote type (404 '投票类型不存在'); for modules hanging off a vote type. */
export async function getVoteTypeOfCompany(db: Db, companyId: number, voteTypeId: number) {
  await getCompany(db, companyId);
  return getScopedVoteType(db, voteTypeId, companyId);
}

export async function listVoteTypes(db: Db, query: VoteTypeListQuery) {
  await getCompany(db, query.company_id);
  return (await repo.listVoteTypes(db, query.company_id, query.form_category)).map(mapVoteType);
}

export async function createVoteType(db: Db, body: VoteTypeCreateBody) {
  await getCompany(db, body.company_id);
  if (await repo.findSameName(db, body.company_id, body.name)) throw duplicate(body.name);
  const sortOrder = body.sort_order ?? ((await repo.maxSortOrder(db, body.company_id)) ?? -1) + 1;
  const values = {
    companyId: body.company_id,
    name: body.name,
    formCategory: body.form_category,
    weight: body.weight,
    isActive: body.is_active,
    sortOrder,
    opensAt: toDate(body.opens_at) ?? null,
    closesAt: toDate(body.closes_at) ?? null,
    expectedVoters: body.expected_voters ?? null,
    resultsPublic: body.results_public,
  };
  // A clash of 128 random bits will not happen; one retry keeps even that from becoming a 500.
  for (let attempt = 0; ; attempt++) {
    try {
      return mapVoteType(await repo.insertVoteType(db, { ...values, linkId: newLinkId() }));
    } catch (err) {
      if (isForeignKeyViolation(err)) throw notFound('单位不存在');
      if (attempt === 0 && isUniqueViolation(err, 'vote_types_link_id_key')) continue;
      throw err;
    }
  }
}

export async function updateVoteType(db: Db, id: number, body: VoteTypeUpdateBody) {
  const row = await getScopedVoteType(db, id, body.company_id);
  const opensAt = toDate(body.opens_at);
  const closesAt = toDate(body.closes_at);
  const newOpens = opensAt === undefined ? row.opensAt : opensAt;
  const newCloses = closesAt === undefined ? row.closesAt : closesAt;
  if (newOpens && newCloses && newCloses <= newOpens) throw invalid('截止时间必须晚于开始时间');
  if (body.name !== undefined && (await repo.findSameName(db, row.companyId, body.name, id))) {
    throw duplicate(body.name);
  }
  if (
    body.form_category !== undefined &&
    body.form_category !== row.formCategory &&
    (await voteTypeHasSubmissions(db, id))
  ) {
    throw conflict('该投票类型已有投票，不能再更改表单类别');
  }
  const updated = await repo.updateVoteType(db, id, {
    name: body.name,
    formCategory: body.form_category,
    weight: body.weight,
    isActive: body.is_active,
    sortOrder: body.sort_order,
    opensAt,
    closesAt,
    expectedVoters: body.expected_voters,
    resultsPublic: body.results_public,
  });
  if (!updated) throw notFound('投票类型不存在');
  return mapVoteType(updated);
}

/** Deleting a vote type deletes its ballots and covers too; with ballots it needs advanced mode. */
export async function deleteVoteType(
  db: Db,
  id: number,
  opts: { companyId?: number; actor: Actor; elevated: boolean },
) {
  await db.transaction(async (tx) => {
    const row = await getScopedVoteType(tx, id, opts.companyId);
    const used = await voteTypeHasSubmissions(tx, id);
    if (used && !opts.elevated) throw forbidden('该投票类型已有投票记录，删除需要先进入高级模式');
    await repo.deleteVoteType(tx, id);
    await recordAudit(tx, opts.actor, 'vote_type.delete', {
      id,
      company_id: row.companyId,
      name: row.name,
      had_votes: used,
    });
  });
}
