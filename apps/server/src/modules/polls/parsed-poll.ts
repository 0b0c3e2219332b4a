import { normalizeNewlyPromotedSchema } from '@kaoping/contracts/newly-promoted-schema';
import { parseFormSchema } from '@kaoping/contracts/poll';
import type { FormSchemaOf, PollTargetType } from '@kaoping/contracts/poll-kinds';
import type { Db } from '../../db/client';
import * as repo from './polls.repository';

/**
 * A stored poll with its form_schema read by its kind: ScoringFormSchema for company and person,
 * CadreFormSchema for cadre, NewlyPromotedFormSchema for newly promoted. `schema` is null when a stored
 * schema no longer parses (schemas are checked on save, so only a hand edit gets there); newly promoted
 * schemas always read, by the spec's fill-in rule.
 */
export type StoredPoll<K extends PollTargetType = PollTargetType> = K extends PollTargetType
  ? { row: repo.PollRow; kind: K; schema: FormSchemaOf<K> | (K extends 'newly_promoted' ? never : null) }
  : never;

/** A stored poll whose form_schema parsed: what ballots are checked, counted and named against. */
export type ParsedPoll<K extends PollTargetType = PollTargetType> = K extends PollTargetType
  ? { row: repo.PollRow; kind: K; schema: FormSchemaOf<K> }
  : never;

/**
 * The one reader of a stored form_schema: checked against the poll's kind with the defaults filled in.
 * Every module that needs a poll's questions goes through here.
 */
export function parsePoll(row: repo.PollRow): StoredPoll {
  const kind = row.targetType as PollTargetType;
  if (kind === 'newly_promoted') return { row, kind, schema: normalizeNewlyPromotedSchema(row.formSchema) };
  const parsed = parseFormSchema(kind, row.formSchema);
  return { row, kind, schema: parsed.success ? parsed.data : null } as StoredPoll;
}

/** True when the poll's form_schema parsed. */
export const isParsed = <K extends PollTargetType>(poll: StoredPoll<K>): poll is ParsedPoll<K> =>
  poll.schema !== null;

/** The round's polls of these kinds, in id order, each read by parsePoll. */
export async function readRoundPolls<K extends PollTargetType>(
  db: Db,
  roundId: number,
  kinds: readonly K[],
): Promise<StoredPoll<K>[]> {
  return (await repo.listPolls(db, { roundId, kinds })).map((row) => parsePoll(row) as StoredPoll<K>);
}

/** Polls by id (a receipt names the polls its ballots answer), each read by parsePoll. */
export async function readPollsByIds(db: Db, ids: readonly number[]): Promise<StoredPoll[]> {
  return (await repo.findPollsByIds(db, ids)).map(parsePoll);
}
