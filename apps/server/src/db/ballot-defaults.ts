import { sql } from 'drizzle-orm';

// What a ballot row gets from the server and never from the voter (issue 26, decision 0016): the schema's
// defaults and the ballot statements (modules/voting/statements.ts) both use these, so a row written by
// hand or by an older path gets the same.

/**
 * The day a ballot was cast, never its time: the date in Asia/Shanghai (the product is used in China; a
 * ballot cast at 00:30 Beijing time is of that day, not of the day before as UTC would say).
 */
export const ballotDate = sql`(now() AT TIME ZONE 'Asia/Shanghai')::date`;

/**
 * The 随机编号 of a ballot: 12 hexadecimal digits (48 bits) made by the database from a random UUID v4's
 * digest, unrelated to the voter's browser id, code, submission id or receipt; the "voter" of the records
 * screens and the per-voter routes. Made for each ballot, so a browser that votes in two vote types is two
 * unrelated keys.
 */
export const randomVoterKey = sql`upper(substr(md5(gen_random_uuid()::text), 1, 12))`;

/**
 * The id of a ballot row (votes, cadre_votes): 52 random bits (under 2^53, a safe JavaScript number), so
 * no id an administrator sees rises with the order of arrival. A clash with an existing id fails the
 * statement (primary key); the client's retry then stores the ballot under fresh ids.
 */
export const randomRowId = sql`('x' || substr(md5(gen_random_uuid()::text), 1, 13))::bit(52)::bigint`;
