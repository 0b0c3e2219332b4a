-- Issue 26: a ballot keeps its day, never its time; the records show a random key (随机编号) for each ballot,
-- never the voter's identifier; and no id of a ballot row rises with the order of arrival.

-- 1. The 随机编号 of each ballot: random for every existing submission (the volatile default is evaluated for
-- each row), copied onto its ballot rows (whose own default only serves a row written by hand).
ALTER TABLE "submissions" ADD COLUMN "voter_key" text DEFAULT upper(substr(md5(gen_random_uuid()::text), 1, 12)) NOT NULL;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "voter_key" text DEFAULT upper(substr(md5(gen_random_uuid()::text), 1, 12)) NOT NULL;--> statement-breakpoint
UPDATE "votes" v SET "voter_key" = s."voter_key" FROM "submissions" s WHERE s."id" = v."submission_id";--> statement-breakpoint
ALTER TABLE "cadre_votes" ADD COLUMN "voter_key" text DEFAULT upper(substr(md5(gen_random_uuid()::text), 1, 12)) NOT NULL;--> statement-breakpoint
UPDATE "cadre_votes" c SET "voter_key" = s."voter_key" FROM "submissions" s WHERE s."id" = c."submission_id";--> statement-breakpoint

-- 2. Times become their day in Beijing time (Asia/Shanghai), whatever the session's time zone.
ALTER TABLE "submissions" ALTER COLUMN "created_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "submissions" ALTER COLUMN "created_at" SET DATA TYPE date USING ("created_at" AT TIME ZONE 'Asia/Shanghai')::date;--> statement-breakpoint
ALTER TABLE "submissions" ALTER COLUMN "created_at" SET DEFAULT (now() AT TIME ZONE 'Asia/Shanghai')::date;--> statement-breakpoint
ALTER TABLE "votes" ALTER COLUMN "created_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "votes" ALTER COLUMN "created_at" SET DATA TYPE date USING ("created_at" AT TIME ZONE 'Asia/Shanghai')::date;--> statement-breakpoint
ALTER TABLE "votes" ALTER COLUMN "created_at" SET DEFAULT (now() AT TIME ZONE 'Asia/Shanghai')::date;--> statement-breakpoint
ALTER TABLE "cadre_votes" ALTER COLUMN "created_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "cadre_votes" ALTER COLUMN "created_at" SET DATA TYPE date USING ("created_at" AT TIME ZONE 'Asia/Shanghai')::date;--> statement-breakpoint
ALTER TABLE "cadre_votes" ALTER COLUMN "created_at" SET DEFAULT (now() AT TIME ZONE 'Asia/Shanghai')::date;--> statement-breakpoint

-- 3. Ballot rows' ids: random (52 bits) instead of a sequence, the existing ones renumbered at random. Nothing
-- refers to these ids (paper sheets and the audit trail name submissions).
ALTER TABLE "votes" ALTER COLUMN "id" DROP DEFAULT;--> statement-breakpoint
DROP SEQUENCE IF EXISTS "votes_id_seq";--> statement-breakpoint
UPDATE "votes" SET "id" = ('x' || substr(md5(gen_random_uuid()::text), 1, 13))::bit(52)::bigint;--> statement-breakpoint
ALTER TABLE "votes" ALTER COLUMN "id" SET DEFAULT ('x' || substr(md5(gen_random_uuid()::text), 1, 13))::bit(52)::bigint;--> statement-breakpoint
ALTER TABLE "cadre_votes" ALTER COLUMN "id" DROP DEFAULT;--> statement-breakpoint
DROP SEQUENCE IF EXISTS "cadre_votes_id_seq";--> statement-breakpoint
UPDATE "cadre_votes" SET "id" = ('x' || substr(md5(gen_random_uuid()::text), 1, 13))::bit(52)::bigint;--> statement-breakpoint
ALTER TABLE "cadre_votes" ALTER COLUMN "id" SET DEFAULT ('x' || substr(md5(gen_random_uuid()::text), 1, 13))::bit(52)::bigint;--> statement-breakpoint

-- 4. Indexes: a round's ballots by random key (records, per-voter lists, the export's keyset).
DROP INDEX "votes_round_id_idx";--> statement-breakpoint
DROP INDEX "cadre_votes_round_id_idx";--> statement-breakpoint
CREATE INDEX "submissions_round_voter_key_idx" ON "submissions" USING btree ("round_id","voter_key");--> statement-breakpoint
CREATE INDEX "votes_round_key_idx" ON "votes" USING btree ("round_id","voter_key","id");--> statement-breakpoint
CREATE INDEX "cadre_votes_round_key_idx" ON "cadre_votes" USING btree ("round_id","voter_key","id");
