import {
  parseFormSchema,
  type CopyFromTemplateBody,
  type Poll,
  type PollCreateBody,
  type PollListQuery,
  type PollStatsRow,
  type PollUpdateBody,
} from '@kaoping/contracts/poll';
import { POLL_KIND_LABELS, type PollTargetType } from '@kaoping/contracts/poll-kinds';
import { ballotStructure, renamedOption } from '@kaoping/contracts/poll-structure';
import { pollTemplate } from '@kaoping/contracts/templates/by-kind';
import type { Db } from '../../db/client';
import { fail, isForeignKeyViolation, isUniqueViolation } from '../../lib/errors';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../audit/audit.repository';
import { ballotCountsByPoll, countPollBallots } from '../ballots/ballot-rows.repository';
import { getCompany } from '../companies/companies.service';
import { assertRoundWritable, currentRound, writableCurrentRound } from '../rounds/round-scope';
import * as repo from './polls.repository';

export function mapPoll(row: repo.PollRow): Poll {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    form_schema: row.formSchema as Record<string, unknown>,
    target_type: row.targetType as PollTargetType,
    company_id: row.companyId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const kindsOf = (kind?: PollTargetType) => (kind === undefined ? undefined : [kind]);

const alreadyHas = (kind: PollTargetType) => fail('POLL_KIND_TAKEN', { poll: POLL_KIND_LABELS[kind].poll });

/** The form_schema checked against the kind, defaults filled in; 422 naming the field otherwise. */
function checkFormSchema(kind: PollTargetType, raw: unknown) {
  const result = parseFormSchema(kind, raw);
  if (!result.success) throw fail(result.code, result.params);
  return result.data;
}

/**
 * Inserts one poll into the unit's current round; a race with another insert of the same kind ends as
 * the same 409.
 */
async function insertOnce(db: Db, values: Omit<repo.PollInsert, 'roundId'>, kind: PollTargetType) {
  return db.transaction(async (tx) => {
    const round = await writableCurrentRound(tx, values.companyId);
    if (await repo.findPollOfKind(tx, round.id, kind)) throw alreadyHas(kind);
    try {
      return mapPoll(await repo.insertPoll(tx, { ...values, roundId: round.id }));
    } catch (err) {
      if (isUniqueViolation(err)) throw alreadyHas(kind);
      throw err;
    }
  });
}

/** The current round's polls of one unit, or of every unit. */
export async function listPolls(db: Db, query: PollListQuery) {
  const roundId = query.company_id === undefined ? undefined : (await currentRound(db, query.company_id)).id;
  const rows = await repo.listPolls(db, { roundId, kinds: kindsOf(query.target_type) });
  return rows.map(mapPoll);
}

export async function listCompanyPolls(db: Db, companyId: number, targetType?: PollTargetType) {
  const round = await currentRound(db, companyId);
  return (await repo.listPolls(db, { roundId: round.id, kinds: kindsOf(targetType) })).map(mapPoll);
}

export async function getPoll(db: Db, id: number) {
  const row = await repo.findPoll(db, id);
  if (!row) throw fail('POLL_NOT_FOUND');
  return mapPoll(row);
}

/** Creates the company's poll of a kind from the built-in template (spec §4: absent → created). */
export async function copyFromTemplate(db: Db, body: CopyFromTemplateBody) {
  await getCompany(db, body.company_id);
  const t = pollTemplate(body.target_type);
  const values = {
    companyId: body.company_id,
    targetType: body.target_type,
    title: t.title,
    description: t.description,
    formSchema: t.form_schema,
  };
  return insertOnce(db, values, body.target_type);
}

export async function createPoll(db: Db, body: PollCreateBody) {
  await getCompany(db, body.company_id);
  const formSchema = checkFormSchema(body.target_type, body.form_schema);
  const values = {
    companyId: body.company_id,
    targetType: body.target_type,
    title: body.title,
    description: body.description,
    formSchema,
  };
  return insertOnce(db, values, body.target_type);
}

/**
 * Saves what was sent; the form_schema is checked against the poll's own kind before anything is written.
 * Once ballots exist only titles and question texts may change: options (their names too), scores and
 * questions are what those ballots mean.
 */
export async function updatePoll(db: Db, id: number, body: PollUpdateBody) {
  return db.transaction(async (tx) => {
    const current = await repo.lockPoll(tx, id);
    if (!current) throw fail('POLL_NOT_FOUND');
    await assertRoundWritable(tx, current.roundId);
    const kind = current.targetType as PollTargetType;
    const patch: repo.PollPatch = {};
    if (body.title !== undefined) patch.title = body.title;
    if (body.description !== undefined) patch.description = body.description;
    if (body.form_schema !== undefined) {
      patch.formSchema = checkFormSchema(kind, body.form_schema);
      const renamed = renamedOption(kind, current.formSchema, patch.formSchema);
      if (renamed || ballotStructure(kind, patch.formSchema) !== ballotStructure(kind, current.formSchema)) {
        const ballots = await countPollBallots(tx, id);
        if (ballots > 0 && renamed) {
          throw fail('POLL_OPTION_RENAME_LOCKED', { count: ballots, renamed });
        }
        if (ballots > 0) {
          throw fail('POLL_STRUCTURE_LOCKED', { count: ballots });
        }
      }
    }
    const row = await repo.updatePoll(tx, id, patch);
    if (!row) throw fail('POLL_NOT_FOUND');
    return mapPoll(row);
  });
}

/** Deletes a poll nobody has voted on yet, and records who did it, in one transaction. */
export async function deletePoll(db: Db, id: number, actor: Actor) {
  await db.transaction(async (tx) => {
    const row = await repo.lockPoll(tx, id);
    if (!row) throw fail('POLL_NOT_FOUND');
    await assertRoundWritable(tx, row.roundId);
    const ballots = await countPollBallots(tx, id);
    if (ballots > 0) throw fail('POLL_HAS_BALLOTS', { count: ballots });
    try {
      await repo.deletePoll(tx, id);
    } catch (err) {
      // A ballot that arrived after the count still holds the poll through its foreign key.
      if (isForeignKeyViolation(err)) throw fail('POLL_IN_USE');
      throw err;
    }
    await recordAudit(tx, actor, 'poll.delete', {
      poll_id: id,
      company_id: row.companyId,
      target_type: row.targetType,
      title: row.title,
    });
  });
}

/** Ballots and voters per poll, of one company or of all. */
export async function pollStats(db: Db, companyId?: number): Promise<PollStatsRow[]> {
  const roundId = companyId === undefined ? undefined : (await currentRound(db, companyId)).id;
  const [rows, counts] = await Promise.all([
    repo.listPolls(db, { roundId }),
    ballotCountsByPoll(db, companyId),
  ]);
  const byPoll = new Map(counts.map((c) => [c.pollId, c]));
  return rows.map((r) => ({
    id: r.id,
    company_id: r.companyId,
    target_type: r.targetType as PollTargetType,
    title: r.title,
    ballot_count: byPoll.get(r.id)?.ballots ?? 0,
    voter_count: byPoll.get(r.id)?.voters ?? 0,
  }));
}
