import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ballotDate, randomRowId, randomVoterKey } from './ballot-defaults';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/**
 * A ballot keeps the day it was cast, never its time (issue 26): the date in Asia/Shanghai
 * (db/ballot-defaults.ts). The column kept its old name; it is a date, read as 'YYYY-MM-DD'.
 */
const ballotDay = () => date('created_at', { mode: 'string' }).notNull().default(ballotDate);
/**
 * The 随机编号 of a ballot (db/ballot-defaults.ts): made for the submission and copied onto its ballot rows
 * by the statement (a row written by hand gets a random one of its own).
 */
const voterKey = () => text('voter_key').notNull().default(randomVoterKey);
/** A ballot row's id: random, so that no id rises with the order of arrival (db/ballot-defaults.ts). */
const ballotRowId = () => bigint('id', { mode: 'number' }).primaryKey().default(randomRowId);

/** Administrator accounts. */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  /** 'system_admin' | 'unit_admin' | 'auditor'; null until a system admin gives one (docs "Roles"). */
  role: text('role'),
  /** An auditor that reads every unit; otherwise the units in user_units. */
  allUnits: boolean('all_units').notNull().default(false),
  disabled: boolean('disabled').notNull().default(false),
  /** Set by a password reset or a new account: the user changes it before anything else. */
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  /** Carried in every token; a password change or a disable raises it, which ends older tokens. */
  tokenVersion: integer('token_version').notNull().default(0),
  /** The TOTP secret (RFC 6238), encrypted with the data folder's key (lib/keys.ts); null: no second factor. */
  totpSecret: text('totp_secret'),
  /** A secret set up but not yet confirmed with a code (totp/setup, then totp/enable). */
  totpPendingSecret: text('totp_pending_secret'),
  /** The last 30-second step a code was accepted for: a code is taken once. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** One-time recovery codes of a second factor, stored as hashes; a used code keeps its time. */
export const totpRecoveryCodes = pgTable(
  'totp_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('totp_recovery_codes_user_idx').on(t.userId)],
);

/**
 * Wrong secrets per account and kind ('login' | 'advanced' | 'password'), from any address: five in 15
 * minutes lock the kind for 15 minutes. In the database, so every instance shares them.
 */
export const accountLocks = pgTable(
  'account_locks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    failures: integer('failures').notNull().default(0),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/** Signed-in sessions: a token names its session, which ends after SESSION_IDLE_MINUTES without a request. */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('admin_sessions_user_idx').on(t.userId)],
);

/** Units (公司/单位) under assessment; nearly everything is scoped to one. */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('companies_name_key').on(t.name)],
);

/**
 * Assessment rounds (测评批次) of a unit: one per year or so. Exactly one is current (a partial unique
 * index); the others are archived and never change. A round owns the unit's polls, vote types, targets,
 * subjects and ballots.
 */
export const rounds = pgTable(
  'rounds',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    year: integer('year').notNull(),
    /** 'current' | 'archived' */
    state: text('state').notNull().default('current'),
    createdAt: createdAt(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** 汇总表 flags (issue 15): 称职及以上率 below this flags a row … */
    flagTopTwoMin: doublePrecision('flag_top_two_min')
      .notNull()
      .default(2 / 3),
    /** … and 不称职率 above this. Fractions 0-1, set per round. */
    flagBottomMax: doublePrecision('flag_bottom_max')
      .notNull()
      .default(1 / 3),
    /** After the round's votes are closed, the meeting screen (大屏) shows the 汇总. */
    meetingShowsSummary: boolean('meeting_shows_summary').notNull().default(false),
  },
  (t) => [
    uniqueIndex('rounds_company_name_key').on(t.companyId, t.name),
    uniqueIndex('rounds_company_current_key')
      .on(t.companyId)
      .where(sql`state = 'current'`),
  ],
);

/** The round a row belongs to; a company's delete takes its rounds and everything in them. */
const roundRef = () =>
  integer('round_id')
    .notNull()
    .references(() => rounds.id, { onDelete: 'cascade' });

/** The units a unit admin or an auditor is assigned to. */
export const userUnits = pgTable(
  'user_units',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] }), index('user_units_company_idx').on(t.companyId)],
);

/** Sign-in attempts per key and window, shared by every instance on one database. */
export const authAttempts = pgTable('auth_attempts', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});

/** One questionnaire per round and kind (company | person | cadre | newly_promoted). */
export const polls = pgTable(
  'polls',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    roundId: roundRef(),
    targetType: text('target_type').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    formSchema: jsonb('form_schema').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('polls_round_kind_key').on(t.roundId, t.targetType)],
);

/** A voter group with its own QR link, e.g. 班子成员 / 中层干部, in one ballot family. */
export const voteTypes = pgTable(
  'vote_types',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    roundId: roundRef(),
    name: text('name').notNull(),
    formCategory: text('form_category').notNull(),
    weight: doublePrecision('weight').notNull().default(0),
    linkId: text('link_id').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    opensAt: timestamp('opens_at', { withTimezone: true }),
    closesAt: timestamp('closes_at', { withTimezone: true }),
    expectedVoters: integer('expected_voters'),
    resultsPublic: boolean('results_public').notNull().default(false),
    /** 'link': one ballot per browser (capped by expected_voters); 'codes': one per one-time code. */
    accessMode: text('access_mode').notNull().default('link'),
    /** 试投票: ballots are stored with is_test and never counted. */
    testMode: boolean('test_mode').notNull().default(false),
    /** 双人录入核对: each paper sheet is keyed by two admin sessions and counts only when both agree. */
    doubleEntry: boolean('double_entry').notNull().default(false),
    /**
     * 民主推荐 only (null on the other families): 'meeting' (会议推荐) or 'talk' (谈话调研推荐: no public link,
     * one record per talk keyed through 纸质票录入, single entry).
     */
    recommendationMode: text('recommendation_mode'),
    /** Set by 结束投票, cleared by reopen; the vote is closed to phones while set. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * Set by 完成计票 (after 结束投票: paper sheets are keyed until then), cleared by reopen; the figures
     * are final while set. Stage: 投票中 (neither), 投票结束 (closed, not counted), 已完成计票.
     */
    countedAt: timestamp('counted_at', { withTimezone: true }),
    /** Formal ballots deleted after the vote ended (a system admin's advanced-mode action), disclosed. */
    deletedBallots: integer('deleted_ballots').notNull().default(0),
    /** The vote type of the previous round this one was copied from. */
    sourceVoteTypeId: integer('source_vote_type_id').references((): AnyPgColumn => voteTypes.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vote_types_link_id_key').on(t.linkId),
    index('vote_types_round_idx').on(t.roundId, t.sortOrder),
  ],
);

/** Appraisal targets (民主测评对象): the company itself or a leader. */
export const voteTargets = pgTable(
  'vote_targets',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    roundId: roundRef(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    title: text('title').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    /** The target of the previous round this one was copied from: a person followed across years. */
    sourceTargetId: integer('source_target_id').references((): AnyPgColumn => voteTargets.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index('vote_targets_round_idx').on(t.roundId, t.sortOrder),
    index('vote_targets_source_idx').on(t.sourceTargetId),
  ],
);

/** Newly promoted cadres under democratic evaluation (评议对象). */
export const evaluationSubjects = pgTable(
  'evaluation_subjects',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    roundId: roundRef(),
    name: text('name').notNull(),
    birthDate: text('birth_date').notNull().default(''),
    previousPosition: text('previous_position').notNull().default(''),
    currentPosition: text('current_position').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    /** The subject of the previous round this one was copied from. */
    sourceSubjectId: integer('source_subject_id').references((): AnyPgColumn => evaluationSubjects.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [index('evaluation_subjects_round_idx').on(t.roundId, t.sortOrder)],
);

/** 民主推荐 (issue 30): a post (推荐职位) of a unit's round, with its candidates; copied into a new round. */
export const recommendationPosts = pgTable(
  'recommendation_posts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    roundId: roundRef(),
    name: text('name').notNull(),
    /** 职数. */
    seats: integer('seats').notNull(),
    /** 最多推荐人数 (defaults to seats). */
    maxChoices: integer('max_choices').notNull(),
    /** 最少推荐人数 when something is chosen; null: none. */
    minChoices: integer('min_choices'),
    /** 另提名栏 (0: none). */
    writeInSlots: integer('write_in_slots').notNull().default(0),
    /** 'typed' | 'surname_strokes': the candidates' sort_order is stored in that order. */
    candidateOrder: text('candidate_order').notNull().default('typed'),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    /** The post of the previous round this one was copied from. */
    sourcePostId: integer('source_post_id').references((): AnyPgColumn => recommendationPosts.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [index('recommendation_posts_round_idx').on(t.roundId, t.sortOrder)],
);

/** A 参考人选 of a post, in the post's order (sort_order). */
export const recommendationCandidates = pgTable(
  'recommendation_candidates',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => recommendationPosts.id, { onDelete: 'cascade' }),
    roundId: roundRef(),
    name: text('name').notNull(),
    currentPosition: text('current_position').notNull().default(''),
    birthDate: text('birth_date').notNull().default(''),
    note: text('note').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('recommendation_candidates_post_idx').on(t.postId, t.sortOrder)],
);

/**
 * 姓名校改 of a post's write-ins: a spelling (its nameKey) counts as `name`. An audited admin action; the
 * ballots keep the raw names. One row per (post, spelling key); a merge again replaces it.
 */
export const recommendationNameMerges = pgTable(
  'recommendation_name_merges',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => recommendationPosts.id, { onDelete: 'cascade' }),
    roundId: roundRef(),
    /** nameKey of the spelling as written in. */
    spellingKey: text('spelling_key').notNull(),
    /** A spelling as written in (normalizeName), for the screens. */
    spelling: text('spelling').notNull(),
    /** The name it counts as (normalizeName). */
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recommendation_name_merges_post_key').on(t.postId, t.spellingKey)],
);

/** Front (instructions) and back (thanks) covers per vote type, kept in the database for every instance. */
export const covers = pgTable(
  'covers',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    voteTypeId: integer('vote_type_id')
      .notNull()
      .references(() => voteTypes.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    contentType: text('content_type').notNull(),
    fileName: text('file_name').notNull().default(''),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    // What a voter's phone gets for an image: a WebP at most 1,600 px on the long side, made at upload.
    // Null for a PDF (voters open the file itself) and for covers stored before it existed.
    displayContentType: text('display_content_type'),
    displaySize: integer('display_size'),
    displaySha256: text('display_sha256'),
    displayWidth: integer('display_width'),
    displayHeight: integer('display_height'),
    displayData: bytea('display_data'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('covers_vote_type_kind_key').on(t.voteTypeId, t.kind)],
);

/**
 * One voter's whole ballot for one vote type. The primary key is the client's submission_id,
 * which makes retries idempotent; the unique (vote_type_id, voter_identifier) refuses a second ballot.
 * Nothing that identifies a person (IP, user agent) is stored.
 */
export const submissions = pgTable(
  'submissions',
  {
    id: uuid('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    roundId: roundRef(),
    voteTypeId: integer('vote_type_id')
      .notNull()
      .references(() => voteTypes.id, { onDelete: 'cascade' }),
    formCategory: text('form_category').notNull(),
    /** The browser's identifier (link mode) or a server-made one: only for "one ballot per voter"; never shown. */
    voterIdentifier: text('voter_identifier').notNull(),
    /** The 随机编号 the records screens show for this ballot; nothing a voter holds leads to it. */
    voterKey: voterKey(),
    ballotCount: integer('ballot_count').notNull(),
    totalScore: doublePrecision('total_score'),
    /**
     * The public address of the receipt: made by the server (the ballot insert sends 128 random bits;
     * the default, 122 bits of a UUID v4 in base64url, covers rows written before it and by hand).
     */
    receiptId: text('receipt_id')
      .notNull()
      .default(
        sql`translate(rtrim(encode(decode(replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '='), '+/', '-_')`,
      ),
    isTest: boolean('is_test').notNull().default(false),
    /** 'online' (a phone or browser) | 'paper' (a paper sheet keyed by an admin). */
    source: text('source').notNull().default('online'),
    createdAt: ballotDay(),
  },
  (t) => [
    uniqueIndex('submissions_vote_type_voter_key').on(t.voteTypeId, t.voterIdentifier),
    // The records and the per-voter routes list and find a round's ballots by their random key.
    index('submissions_round_voter_key_idx').on(t.roundId, t.voterKey),
    uniqueIndex('submissions_receipt_id_key').on(t.receiptId),
    // The 回执码 (receipt code) a voter may type instead of the receipt's address: derived, never stored;
    // kp_receipt_code (migration 0010) is the SQL twin of voting/receipt.ts receiptCode.
    index('submissions_receipt_code_idx').on(sql`kp_receipt_code(${t.receiptId})`),
    index('submissions_round_created_idx').on(t.roundId, t.createdAt),
  ],
);

/**
 * The submission ids of the test ballots 转为正式投票 deleted: a test ballot sent again afterwards is refused
 * (409), never stored as formal. Only the client's random id and its vote type, nothing about the ballot.
 */
export const retiredSubmissions = pgTable('retired_submissions', {
  id: uuid('id').primaryKey(),
  voteTypeId: integer('vote_type_id')
    .notNull()
    .references(() => voteTypes.id, { onDelete: 'cascade' }),
});

/** Democratic appraisal ballots: one row per (submission, target). */
export const votes = pgTable(
  'votes',
  {
    id: ballotRowId(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
    roundId: roundRef(),
    voteTypeId: integer('vote_type_id').notNull(),
    // A ballot keeps its questionnaire: the key also closes the race between a poll delete and a vote.
    pollId: integer('poll_id')
      .notNull()
      .references(() => polls.id),
    targetId: integer('target_id').notNull(),
    voterIdentifier: text('voter_identifier').notNull(),
    voterKey: voterKey(),
    answers: jsonb('answers').notNull(),
    score: doublePrecision('score').notNull(),
    isTest: boolean('is_test').notNull().default(false),
    createdAt: ballotDay(),
  },
  (t) => [
    index('votes_round_type_target_idx').on(t.roundId, t.voteTypeId, t.targetId),
    index('votes_submission_idx').on(t.submissionId),
    index('votes_voter_idx').on(t.voteTypeId, t.voterIdentifier),
    // The records list and the export read a round's ballots by random key, then id (keyset pagination).
    index('votes_round_key_idx').on(t.roundId, t.voterKey, t.id),
    // A round's ballots in id order (migration 0014; exports read by vote type since 0018).
    index('votes_round_id_idx').on(t.roundId, t.id),
    // An export reads each ended vote type's ballots by id, a slice at a time, never walking an open
    // vote type's rows (ballot-batches.repository.ts, issue 28).
    index('votes_type_id_idx').on(t.voteTypeId, t.id),
  ],
);

/** Democratic evaluation ballots: one row per (submission, poll) for cadre and newly promoted polls. */
export const cadreVotes = pgTable(
  'cadre_votes',
  {
    id: ballotRowId(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
    roundId: roundRef(),
    voteTypeId: integer('vote_type_id').notNull(),
    pollId: integer('poll_id')
      .notNull()
      .references(() => polls.id),
    pollKind: text('poll_kind').notNull(),
    voterIdentifier: text('voter_identifier').notNull(),
    voterKey: voterKey(),
    answers: jsonb('answers').notNull(),
    isTest: boolean('is_test').notNull().default(false),
    createdAt: ballotDay(),
  },
  (t) => [
    index('cadre_votes_round_type_idx').on(t.roundId, t.voteTypeId),
    index('cadre_votes_submission_idx').on(t.submissionId),
    index('cadre_votes_voter_idx').on(t.voteTypeId, t.voterIdentifier),
    index('cadre_votes_round_key_idx').on(t.roundId, t.voterKey, t.id),
    index('cadre_votes_round_id_idx').on(t.roundId, t.id),
    index('cadre_votes_type_id_idx').on(t.voteTypeId, t.id),
  ],
);

/**
 * 民主推荐 ballots: one row per (submission, post). `status` is how the post counts as cast: 'valid',
 * 'abstained' (弃权: nothing chosen, a valid ballot of the post) or 'invalid' (无效 for this post only: a
 * paper sheet or a talk record marked too many or too few). No voter identifier: the submission's random
 * 随机编号 (voter_key) only, the day not the time, is_test for a rehearsal.
 */
export const recommendationVotes = pgTable(
  'recommendation_votes',
  {
    id: ballotRowId(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
    roundId: roundRef(),
    voteTypeId: integer('vote_type_id').notNull(),
    // A ballot keeps its post: a post named by ballots cannot be deleted under them.
    postId: integer('post_id')
      .notNull()
      .references(() => recommendationPosts.id),
    status: text('status').notNull(),
    /** { choices: [candidate id], write_ins: [name as written, normalised] } */
    answers: jsonb('answers').notNull(),
    voterKey: voterKey(),
    isTest: boolean('is_test').notNull().default(false),
    createdAt: ballotDay(),
  },
  (t) => [
    index('recommendation_votes_round_type_idx').on(t.roundId, t.voteTypeId, t.postId),
    index('recommendation_votes_submission_idx').on(t.submissionId),
    index('recommendation_votes_post_idx').on(t.postId),
    index('recommendation_votes_round_id_idx').on(t.roundId, t.id),
  ],
);

/**
 * One-time ballot codes (测评码) of a vote type. NO column refers to a ballot and no time is finer than
 * the day: a code row can never tell which ballot it cast (docs/ARCHITECTURE.md "No link between a code
 * and its ballot").
 */
export const ballotCodes = pgTable(
  'ballot_codes',
  {
    id: serial('id').primaryKey(),
    voteTypeId: integer('vote_type_id')
      .notNull()
      .references(() => voteTypes.id, { onDelete: 'cascade' }),
    /** Normalised: upper case, no dashes (K7QXM3PD9R). */
    code: text('code').notNull(),
    /** 'unused' | 'used' | 'voided' */
    state: text('state').notNull().default('unused'),
    /** 1, 2, 3 … per vote type: each issue call (补发) is a batch. */
    batch: integer('batch').notNull(),
    issuedOn: date('issued_on')
      .notNull()
      .default(sql`current_date`),
    /** Used while the vote type was in test mode (voided at go-formal). */
    usedInTest: boolean('used_in_test').notNull().default(false),
    /** Voided by 结束投票 (a phone code) or 完成计票 (a paper sheet's code): handed out but not used. */
    recalled: boolean('recalled').notNull().default(false),
    /** Printed on a paper ballot (打印纸质选票): stays valid after 结束投票 until 完成计票. */
    forPaper: boolean('for_paper').notNull().default(false),
  },
  (t) => [
    uniqueIndex('ballot_codes_vote_type_code_key').on(t.voteTypeId, t.code),
    index('ballot_codes_vote_type_state_idx').on(t.voteTypeId, t.state),
  ],
);

/**
 * Paper sheets being keyed (纸质票录入), one row per sheet, only until the count is finished: every row
 * of a vote type is deleted by 完成计票 (and by going formal). The ONE place where a code meets a ballot
 * (sheet_key is the code in codes mode), kept so that a wrongly keyed sheet can be corrected; the paper
 * sheet itself carries the same information (docs/ARCHITECTURE.md "Paper ballots").
 */
export const paperSheets = pgTable(
  'paper_sheets',
  {
    id: serial('id').primaryKey(),
    voteTypeId: integer('vote_type_id')
      .notNull()
      .references(() => voteTypes.id, { onDelete: 'cascade' }),
    roundId: roundRef(),
    /** The normalised code (codes mode) or the sheet number typed by the keyer (link mode, '17'). */
    sheetKey: text('sheet_key').notNull(),
    /** 'pending' (first of two entries) | 'conflict' (the two differ) | 'counted' */
    state: text('state').notNull(),
    firstAnswers: jsonb('first_answers').notNull(),
    /**
     * The account (users.id) of each keyer: double entry needs two accounts, a settlement a third. Null
     * only on a sheet keyed before migration 0012 whose keyer the audit trail did not name.
     */
    firstUserId: integer('first_user_id'),
    secondAnswers: jsonb('second_answers'),
    secondUserId: integer('second_user_id'),
    /** The counted ballot. */
    submissionId: uuid('submission_id').references(() => submissions.id, { onDelete: 'set null' }),
    enteredAt: timestamp('entered_at', { withTimezone: true })
      .notNull()
      .default(sql`date_trunc('minute', now())`),
  },
  (t) => [uniqueIndex('paper_sheets_vote_type_key').on(t.voteTypeId, t.sheetKey)],
);

/**
 * Link mode: the numbered paper sheets printed for a vote type (打印纸质选票), one row per print, numbers
 * first..last; a sheet is keyed only by a number of a run of the vote type's current mode (`is_test`).
 * Numbers go on across runs, test and formal alike, so a rehearsal's sheet never passes as a formal one.
 */
export const paperPrintRuns = pgTable(
  'paper_print_runs',
  {
    id: serial('id').primaryKey(),
    voteTypeId: integer('vote_type_id')
      .notNull()
      .references(() => voteTypes.id, { onDelete: 'cascade' }),
    roundId: roundRef(),
    firstNumber: integer('first_number').notNull(),
    lastNumber: integer('last_number').notNull(),
    isTest: boolean('is_test').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('paper_print_runs_vote_type_idx').on(t.voteTypeId, t.firstNumber)],
);

/**
 * Every admin write: who, which role, what, in which unit, on which object, and a short summary. Append
 * only; each row's `hash` covers its content and the previous row's hash (docs "Audit trail").
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id'),
    username: text('username').notNull(),
    role: text('role'),
    action: text('action').notNull(),
    /** No foreign key: the row outlives the unit it names. */
    companyId: integer('company_id'),
    objectType: text('object_type'),
    objectId: text('object_id'),
    summary: text('summary').notNull().default(''),
    detail: jsonb('detail')
      .notNull()
      .default(sql`'{}'::jsonb`),
    prevHash: text('prev_hash'),
    hash: text('hash'),
    /** 'hmac-sha256' | 'hmac-sm3' for a keyed row (issue 27); null on a row chained before the key. */
    macAlg: text('mac_alg'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_company_idx').on(t.companyId, t.id),
    index('audit_log_user_idx').on(t.userId, t.id),
  ],
);

/** Server-wide settings kept in the database (e.g. the generated JWT secret when none is configured). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * The audit chain's head (row count, last id, last MAC) taken at least every minute and on every printed
 * document, itself MAC'd with the audit key. Also written to the data folder (modules/audit), out of
 * reach of whoever only holds the database.
 */
export const auditAnchors = pgTable('audit_anchors', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  rowCount: bigint('row_count', { mode: 'number' }).notNull(),
  lastId: bigint('last_id', { mode: 'number' }),
  lastMac: text('last_mac'),
  mac: text('mac').notNull(),
  createdAt: createdAt(),
});

/**
 * One printed report's 核验码: the MAC of the figures it printed and of the audit head at the time, so that
 * 报告核验 can tell later whether the figures held today are still the printed ones.
 */
export const reportSeals = pgTable(
  'report_seals',
  {
    code: text('code').primaryKey(),
    /** No foreign key: the seal outlives the unit it names. */
    companyId: integer('company_id'),
    roundId: integer('round_id'),
    /** Which document (contracts report-check SEALED_DOCUMENTS): 'report_pdf' | 'rankings_xlsx' | … */
    kind: text('kind').notNull(),
    figuresMac: text('figures_mac').notNull(),
    auditRows: bigint('audit_rows', { mode: 'number' }).notNull(),
    auditMac: text('audit_mac'),
    /** What else the document was drawn for, e.g. the 跨单位排名's year and units (null: one unit's round). */
    scope: jsonb('scope'),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('report_seals_company_idx').on(t.companyId)],
);

/**
 * The figures of one vote type that has ended (decision 0052): every count the results, the 汇总表, the
 * rankings, the reports and the exports read, computed once from its formal ballots by the SQL function
 * kaoping_vote_type_figures (migration 0016), the one recount. Owned by modules/figures: a row is written
 * when the vote type ends (结束投票, 完成计票, or on the first read after its window), deleted in the same
 * transaction as anything that changes its ballots afterwards (a paper sheet, a voter deleted, a reopen).
 */
export const voteTypeFigures = pgTable(
  'vote_type_figures',
  {
    voteTypeId: integer('vote_type_id')
      .primaryKey()
      .references(() => voteTypes.id, { onDelete: 'cascade' }),
    roundId: roundRef(),
    /** Formal ballots counted (submissions). */
    ballots: integer('ballots').notNull(),
    figures: jsonb('figures').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vote_type_figures_round_idx').on(t.roundId)],
);
