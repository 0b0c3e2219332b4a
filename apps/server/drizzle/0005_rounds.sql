CREATE TABLE "rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"year" integer NOT NULL,
	"state" text DEFAULT 'current' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cadre_votes" ADD COLUMN "round_id" integer;
--> statement-breakpoint
ALTER TABLE "evaluation_subjects" ADD COLUMN "round_id" integer;
--> statement-breakpoint
ALTER TABLE "evaluation_subjects" ADD COLUMN "source_subject_id" integer;
--> statement-breakpoint
ALTER TABLE "polls" ADD COLUMN "round_id" integer;
--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "round_id" integer;
--> statement-breakpoint
ALTER TABLE "vote_targets" ADD COLUMN "round_id" integer;
--> statement-breakpoint
ALTER TABLE "vote_targets" ADD COLUMN "source_target_id" integer;
--> statement-breakpoint
ALTER TABLE "vote_types" ADD COLUMN "round_id" integer;
--> statement-breakpoint
ALTER TABLE "vote_types" ADD COLUMN "source_vote_type_id" integer;
--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "round_id" integer;
--> statement-breakpoint
-- Hand-written (issue 14): one round per company, named after the year (Asia/Shanghai, UTC+8 with no
-- daylight saving since 1991) of its first ballot, or of now when it has none.
INSERT INTO "rounds" ("company_id", "name", "year")
SELECT c."id", f."y" || '年度', f."y"
FROM "companies" c
CROSS JOIN LATERAL (
  SELECT extract(year FROM (coalesce(min(s."created_at"), now()) AT TIME ZONE 'UTC') + interval '8 hours')::int AS "y"
  FROM "submissions" s WHERE s."company_id" = c."id"
) f;
--> statement-breakpoint
UPDATE "polls" p SET "round_id" = r."id" FROM "rounds" r WHERE r."company_id" = p."company_id";
--> statement-breakpoint
UPDATE "vote_types" v SET "round_id" = r."id" FROM "rounds" r WHERE r."company_id" = v."company_id";
--> statement-breakpoint
UPDATE "vote_targets" t SET "round_id" = r."id" FROM "rounds" r WHERE r."company_id" = t."company_id";
--> statement-breakpoint
UPDATE "evaluation_subjects" e SET "round_id" = r."id" FROM "rounds" r WHERE r."company_id" = e."company_id";
--> statement-breakpoint
-- A ballot goes with its vote type, and each ballot row with its submission.
UPDATE "submissions" s SET "round_id" = v."round_id" FROM "vote_types" v WHERE v."id" = s."vote_type_id";
--> statement-breakpoint
UPDATE "votes" b SET "round_id" = s."round_id" FROM "submissions" s WHERE s."id" = b."submission_id";
--> statement-breakpoint
UPDATE "cadre_votes" b SET "round_id" = s."round_id" FROM "submissions" s WHERE s."id" = b."submission_id";
--> statement-breakpoint
ALTER TABLE "cadre_votes" ALTER COLUMN "round_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "evaluation_subjects" ALTER COLUMN "round_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "polls" ALTER COLUMN "round_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "submissions" ALTER COLUMN "round_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "vote_targets" ALTER COLUMN "round_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "vote_types" ALTER COLUMN "round_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "votes" ALTER COLUMN "round_id" SET NOT NULL;
--> statement-breakpoint
DROP INDEX "cadre_votes_company_type_idx";
--> statement-breakpoint
DROP INDEX "cadre_votes_company_id_idx";
--> statement-breakpoint
DROP INDEX "evaluation_subjects_company_idx";
--> statement-breakpoint
DROP INDEX "polls_company_kind_key";
--> statement-breakpoint
DROP INDEX "submissions_company_created_idx";
--> statement-breakpoint
DROP INDEX "vote_targets_company_idx";
--> statement-breakpoint
DROP INDEX "vote_types_company_idx";
--> statement-breakpoint
DROP INDEX "votes_company_type_target_idx";
--> statement-breakpoint
DROP INDEX "votes_company_id_idx";
--> statement-breakpoint
ALTER TABLE "rounds" ADD CONSTRAINT "rounds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "rounds_company_name_key" ON "rounds" USING btree ("company_id","name");
--> statement-breakpoint
CREATE UNIQUE INDEX "rounds_company_current_key" ON "rounds" USING btree ("company_id") WHERE state = 'current';
--> statement-breakpoint
ALTER TABLE "cadre_votes" ADD CONSTRAINT "cadre_votes_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "evaluation_subjects" ADD CONSTRAINT "evaluation_subjects_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "evaluation_subjects" ADD CONSTRAINT "evaluation_subjects_source_subject_id_evaluation_subjects_id_fk" FOREIGN KEY ("source_subject_id") REFERENCES "public"."evaluation_subjects"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "polls" ADD CONSTRAINT "polls_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "vote_targets" ADD CONSTRAINT "vote_targets_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "vote_targets" ADD CONSTRAINT "vote_targets_source_target_id_vote_targets_id_fk" FOREIGN KEY ("source_target_id") REFERENCES "public"."vote_targets"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "vote_types" ADD CONSTRAINT "vote_types_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "vote_types" ADD CONSTRAINT "vote_types_source_vote_type_id_vote_types_id_fk" FOREIGN KEY ("source_vote_type_id") REFERENCES "public"."vote_types"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "cadre_votes_round_type_idx" ON "cadre_votes" USING btree ("round_id","vote_type_id");
--> statement-breakpoint
CREATE INDEX "cadre_votes_round_id_idx" ON "cadre_votes" USING btree ("round_id","id");
--> statement-breakpoint
CREATE INDEX "evaluation_subjects_round_idx" ON "evaluation_subjects" USING btree ("round_id","sort_order");
--> statement-breakpoint
CREATE UNIQUE INDEX "polls_round_kind_key" ON "polls" USING btree ("round_id","target_type");
--> statement-breakpoint
CREATE INDEX "submissions_round_created_idx" ON "submissions" USING btree ("round_id","created_at");
--> statement-breakpoint
CREATE INDEX "vote_targets_round_idx" ON "vote_targets" USING btree ("round_id","sort_order");
--> statement-breakpoint
CREATE INDEX "vote_targets_source_idx" ON "vote_targets" USING btree ("source_target_id");
--> statement-breakpoint
CREATE INDEX "vote_types_round_idx" ON "vote_types" USING btree ("round_id","sort_order");
--> statement-breakpoint
CREATE INDEX "votes_round_type_target_idx" ON "votes" USING btree ("round_id","vote_type_id","target_id");
--> statement-breakpoint
CREATE INDEX "votes_round_id_idx" ON "votes" USING btree ("round_id","id");
