import type { ErrorCode } from '@kaoping/contracts/errors';
import type { VoteTypeStatus } from '@kaoping/contracts/public-vote-types';
import { type Placeholder, sql, type SQL } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { codeKindSql, codeStateSql } from '../ballot-codes/ballot-codes.repository';

// The voting conditions, declared once. Each is a SQL truth over the vote type row `v` and names the
// refusal a voter (or a keyer) gets when it fails. The same declarations make the WHERE of the statements
// that store a ballot (statements.ts, batch-statement.ts) and, when a statement stored nothing, the
// question "why not" (refusalOf), evaluated on fresh data in the order listed: the first that fails is
// the refusal, its Chinese detail the contracts' table's (packages/contracts/src/errors.ts).

export type Family = 'democratic_appraisal' | 'democratic_evaluation' | 'democratic_recommendation';

/** A ballot as the conditions see it: values, or placeholders of a prepared statement. */
export interface BallotTerms {
  family: Family;
  linkId: SQL | Placeholder;
  /** The definition's digest the ballot was checked against (fingerprintSql). */
  fingerprint: SQL | Placeholder;
  /** The access mode of that definition ('link' or 'codes'). */
  mode: SQL | Placeholder;
  /** True for a sheet keyed from paper, false for a phone's ballot. */
  paper: SQL;
}

/** The terms of a ballot checked against a definition (a phone's, or a sheet's with `paper`). */
export const termsOf = (
  d: { family: Family; fingerprint: string; voteType: { linkId: string; accessMode: string } },
  paper = false,
): BallotTerms => ({
  family: d.family,
  linkId: sql`${d.voteType.linkId}`,
  fingerprint: sql`${d.fingerprint}`,
  mode: sql`${d.voteType.accessMode}`,
  paper: paper ? sql`true` : sql`false`,
});

/** The refusal of a vote type that takes no ballot now, by its status (the paper screen's notice). */
export const STATUS_REFUSALS = {
  not_started: 'VOTE_NOT_STARTED',
  closed: 'VOTE_CLOSED',
  inactive: 'VOTE_INACTIVE',
} as const satisfies Record<Exclude<VoteTypeStatus, 'open'>, ErrorCode>;

/** What a failed condition means: a refusal, or 'stale' (the ballot was checked against an old definition). */
export type Refusal = ErrorCode | 'stale';

interface Condition {
  refusal: Refusal;
  holds: (b: BallotTerms) => SQL;
}

/**
 * A digest of everything a ballot is checked against and a receipt names: the vote type and company
 * names, the family's polls (id, kind, last save) and the active targets or subjects. A ballot checked
 * against a cached definition is stored only while that definition is still the current one. Timestamps go
 * through extract(epoch) to be independent of the session time zone.
 */
export function fingerprintSql(family: Family, companyId: SQL, roundId: SQL, voteTypeName: SQL): SQL {
  // 民主推荐 answers no poll: its posts and their candidates are its roster.
  const polls =
    family === 'democratic_recommendation'
      ? sql`NULL::json`
      : sql`(SELECT json_agg(json_build_array(p.id, p.target_type,
        (extract(epoch from p.updated_at) * 1000000)::bigint) ORDER BY p.id)
       FROM polls p WHERE p.round_id = ${roundId} AND p.target_type IN ${
         family === 'democratic_appraisal' ? sql`('company', 'person')` : sql`('cadre', 'newly_promoted')`
       })`;
  const roster =
    family === 'democratic_appraisal'
      ? sql`(SELECT json_agg(json_build_array(t.id, t.type, t.sort_order, t.name, t.title) ORDER BY t.id)
             FROM vote_targets t WHERE t.round_id = ${roundId} AND t.is_active)`
      : family === 'democratic_evaluation'
        ? sql`(SELECT json_agg(json_build_array(s.id, s.sort_order, s.name) ORDER BY s.id)
             FROM evaluation_subjects s WHERE s.round_id = ${roundId} AND s.is_active)`
        : sql`(SELECT json_agg(json_build_array(rp.id, rp.sort_order, rp.name, rp.seats, rp.max_choices,
               rp.min_choices, rp.write_in_slots,
               (SELECT json_agg(json_build_array(rc.id, rc.sort_order, rc.name) ORDER BY rc.id)
                FROM recommendation_candidates rc WHERE rc.post_id = rp.id)) ORDER BY rp.id)
             FROM recommendation_posts rp WHERE rp.round_id = ${roundId} AND rp.is_active)`;
  return sql`md5(json_build_array(
    ${voteTypeName},
    (SELECT c.name FROM companies c WHERE c.id = ${companyId}),
    ${polls},
    ${roster})::text)`;
}

/** The current fingerprint of a vote type's definition (read together with the definition itself). */
export async function readFingerprint(db: Db, family: Family, voteTypeId: number) {
  const fp = fingerprintSql(family, sql`v.company_id`, sql`v.round_id`, sql`v.name`);
  const [row] = await rowsOf<{ fp: string }>(
    db,
    sql`SELECT ${fp} AS fp FROM vote_types v WHERE v.id = ${voteTypeId}`,
  );
  return row?.fp;
}

/**
 * What the vote type must be for any ballot to be stored: the link's, of the ballot's family, in a current
 * round, switched on, started, and still taking ballots of its kind (a phone's while the vote is open, a
 * paper sheet's until 完成计票: 结束投票 stops the phones, not the keying of the paper handed in), with the
 * definition and the access mode the ballot was checked against. In the order a refusal is told.
 */
const VOTE_TYPE_CONDITIONS: Condition[] = [
  { refusal: 'LINK_UNKNOWN', holds: (b) => sql`v.link_id = ${b.linkId} AND v.form_category = ${b.family}` },
  {
    refusal: 'ROUND_ARCHIVED',
    holds: () => sql`EXISTS (SELECT 1 FROM rounds r WHERE r.id = v.round_id AND r.state = 'current')`,
  },
  // 谈话调研推荐 takes no phone: its records are keyed as paper (issue 30).
  {
    refusal: 'RECOMMENDATION_TALK_NO_LINK',
    holds: (b) => sql`(${b.paper} OR v.recommendation_mode IS DISTINCT FROM 'talk')`,
  },
  { refusal: 'VOTE_INACTIVE', holds: () => sql`v.is_active` },
  { refusal: 'VOTE_COUNTED', holds: (b) => sql`(NOT ${b.paper} OR v.counted_at IS NULL)` },
  { refusal: 'VOTE_CLOSED', holds: (b) => sql`(${b.paper} OR v.closed_at IS NULL)` },
  { refusal: 'VOTE_NOT_STARTED', holds: () => sql`(v.opens_at IS NULL OR v.opens_at <= now())` },
  { refusal: 'VOTE_CLOSED', holds: (b) => sql`(${b.paper} OR v.closes_at IS NULL OR v.closes_at > now())` },
  { refusal: 'stale', holds: (b) => sql`v.access_mode = ${b.mode}` },
  {
    refusal: 'stale',
    holds: (b) =>
      sql`${fingerprintSql(b.family, sql`v.company_id`, sql`v.round_id`, sql`v.name`)} = ${b.fingerprint}`,
  },
];

/**
 * 应到人数 as a hard cap in link mode: the ballots of the current mode (formal, or test while in test
 * mode; phone and paper alike) are fewer than expected_voters. Codes mode is never capped. The count is
 * right only while the caller holds the vote type row (storeBallot's capped path locks it).
 */
const underCapSql = sql`(v.access_mode = 'codes' OR v.expected_voters IS NULL
  OR (SELECT count(*) FROM submissions s WHERE s.vote_type_id = v.id AND s.is_test = v.test_mode) < v.expected_voters)`;

/** The WHERE that the statements storing a ballot put on the vote type `v` (all of VOTE_TYPE_CONDITIONS). */
export function votableSql(b: BallotTerms): SQL {
  return sql.join(
    VOTE_TYPE_CONDITIONS.map((c) => c.holds(b)),
    sql` AND `,
  );
}

/**
 * The cap as the statements put it: the count itself (capped: the caller holds the row), or, for the
 * statements that never take a capped link-mode ballot, the plain refusal of any cap.
 */
export const capSql = (counted: boolean) =>
  counted ? underCapSql : sql`(v.access_mode = 'codes' OR v.expected_voters IS NULL)`;

/** The ballot's own values the conditions after the vote type's read. */
export interface BallotValues {
  /** The browser's identifier (link mode). */
  voter: string;
  /** The normalised code (codes mode), or null. */
  code: string | null;
}

/**
 * The conditions on the ballot itself, after the vote type's; the statements enforce them otherwise: the
 * code by locking and consuming it only when unused and of the ballot's kind (ballot-codes' codeCtes), the
 * second ballot by the unique index on (vote type, voter), the cap by underCapSql. A code printed on a
 * paper sheet is a paper sheet's key only, a phone's code never one (issue 26): two refusals, one a side.
 */
const ballotConditions = (v: BallotValues): Condition[] => [
  { refusal: 'CODE_UNKNOWN', holds: () => sql`(v.access_mode <> 'codes' OR ${codeState(v)} IS NOT NULL)` },
  {
    refusal: 'CODE_NOT_PAPER',
    holds: (b) => sql`(v.access_mode <> 'codes' OR NOT ${b.paper} OR ${codeKind(v, b)})`,
  },
  {
    refusal: 'CODE_PAPER_ONLY',
    holds: (b) => sql`(v.access_mode <> 'codes' OR ${b.paper} OR ${codeKind(v, b)})`,
  },
  { refusal: 'CODE_VOIDED', holds: () => sql`(v.access_mode <> 'codes' OR ${codeState(v)} <> 'voided')` },
  { refusal: 'CODE_USED', holds: () => sql`(v.access_mode <> 'codes' OR ${codeState(v)} <> 'used')` },
  {
    refusal: 'ALREADY_VOTED',
    holds: () => sql`(v.access_mode = 'codes' OR NOT EXISTS (
      SELECT 1 FROM submissions s WHERE s.vote_type_id = v.id AND s.voter_identifier = ${v.voter}))`,
  },
  { refusal: 'CAP_REACHED', holds: () => underCapSql },
];

const codeState = (v: BallotValues) => codeStateSql(sql`${v.code ?? ''}::text`);
const codeKind = (v: BallotValues, b: BallotTerms) => codeKindSql(sql`${v.code ?? ''}::text`, b.paper);

/**
 * Why a ballot cannot be stored, read fresh: the first condition that fails (the vote type's, then, with
 * `ballot`, the ballot's own), or undefined when all hold (a race the caller retries). 'stale' asks the
 * caller to check the ballot again against the current definition.
 */
export async function refusalOf(db: Db, b: BallotTerms, ballot?: BallotValues): Promise<Refusal | undefined> {
  const conditions = [...VOTE_TYPE_CONDITIONS, ...(ballot ? ballotConditions(ballot) : [])];
  const columns = sql.join(
    conditions.map((c, i) => sql`${c.holds(b)} AS ${sql.raw(`c${i}`)}`),
    sql`, `,
  );
  const [row] = await rowsOf<Record<string, boolean>>(
    db,
    sql`SELECT ${columns} FROM vote_types v WHERE v.link_id = ${b.linkId}`,
  );
  if (!row) return 'LINK_UNKNOWN';
  return conditions.find((_, i) => row[`c${i}`] !== true)?.refusal;
}

/**
 * Why a vote type takes no ballot of its kind now (a phone's, or with `paper` a sheet's), read on its
 * row: the conditions on the vote type, with the definition taken as the current one.
 */
export function stateRefusalOf(db: Db, family: Family, linkId: string, paper: boolean) {
  return refusalOf(db, {
    family,
    linkId: sql`${linkId}`,
    fingerprint: fingerprintSql(family, sql`v.company_id`, sql`v.round_id`, sql`v.name`),
    mode: sql`v.access_mode`,
    paper: paper ? sql`true` : sql`false`,
  });
}

/** A link-mode vote type with 应到人数 holds that many ballots of its current mode (the voter page's 'full'). */
export async function capReached(db: Db, voteTypeId: number) {
  const [row] = await rowsOf<{ under: boolean }>(
    db,
    sql`SELECT ${underCapSql} AS under FROM vote_types v WHERE v.id = ${voteTypeId}`,
  );
  return row?.under === false;
}
