import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Administrator accounts. */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
});

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

/** One questionnaire per company and kind (company | person | cadre | newly_promoted). */
export const polls = pgTable(
  'polls',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    targetType: text('target_type').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    formSchema: jsonb('form_schema').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('polls_company_kind_key').on(t.companyId, t.targetType)],
);

/** A voter group with its own QR link, e.g. 班子成员 / 中层干部, in one ballot family. */
export const voteTypes = pgTable(
  'vote_types',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
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
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vote_types_link_id_key').on(t.linkId),
    index('vote_types_company_idx').on(t.companyId, t.sortOrder),
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
    name: text('name').notNull(),
    type: text('type').notNull(),
    title: text('title').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('vote_targets_company_idx').on(t.companyId, t.sortOrder)],
);

/** Newly promoted cadres under democratic evaluation (评议对象). */
export const evaluationSubjects = pgTable(
  'evaluation_subjects',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    birthDate: text('birth_date').notNull().default(''),
    previousPosition: text('previous_position').notNull().default(''),
    currentPosition: text('current_position').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('evaluation_subjects_company_idx').on(t.companyId, t.sortOrder)],
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
    voteTypeId: integer('vote_type_id')
      .notNull()
      .references(() => voteTypes.id, { onDelete: 'cascade' }),
    formCategory: text('form_category').notNull(),
    voterIdentifier: text('voter_identifier').notNull(),
    ballotCount: integer('ballot_count').notNull(),
    totalScore: doublePrecision('total_score'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('submissions_vote_type_voter_key').on(t.voteTypeId, t.voterIdentifier),
    index('submissions_company_created_idx').on(t.companyId, t.createdAt),
  ],
);

/** Democratic appraisal ballots: one row per (submission, target). */
export const votes = pgTable(
  'votes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
    voteTypeId: integer('vote_type_id').notNull(),
    // A ballot keeps its questionnaire: the key also closes the race between a poll delete and a vote.
    pollId: integer('poll_id')
      .notNull()
      .references(() => polls.id),
    targetId: integer('target_id').notNull(),
    voterIdentifier: text('voter_identifier').notNull(),
    answers: jsonb('answers').notNull(),
    score: doublePrecision('score').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('votes_company_type_target_idx').on(t.companyId, t.voteTypeId, t.targetId),
    index('votes_submission_idx').on(t.submissionId),
    index('votes_voter_idx').on(t.voteTypeId, t.voterIdentifier),
    // The export reads a company's ballots in id batches (keyset pagination).
    index('votes_company_id_idx').on(t.companyId, t.id),
  ],
);

/** Democratic evaluation ballots: one row per (submission, poll) for cadre and newly promoted polls. */
export const cadreVotes = pgTable(
  'cadre_votes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
    voteTypeId: integer('vote_type_id').notNull(),
    pollId: integer('poll_id')
      .notNull()
      .references(() => polls.id),
    pollKind: text('poll_kind').notNull(),
    voterIdentifier: text('voter_identifier').notNull(),
    answers: jsonb('answers').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('cadre_votes_company_type_idx').on(t.companyId, t.voteTypeId),
    index('cadre_votes_submission_idx').on(t.submissionId),
    index('cadre_votes_voter_idx').on(t.voteTypeId, t.voterIdentifier),
    index('cadre_votes_company_id_idx').on(t.companyId, t.id),
  ],
);

/** Who did which destructive action, and when. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id'),
    username: text('username').notNull(),
    action: text('action').notNull(),
    detail: jsonb('detail')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);

/** Server-wide settings kept in the database (e.g. the generated JWT secret when none is configured). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
