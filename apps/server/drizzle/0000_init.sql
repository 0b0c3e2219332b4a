CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"username" text NOT NULL,
	"action" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cadre_votes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"submission_id" uuid NOT NULL,
	"company_id" integer NOT NULL,
	"vote_type_id" integer NOT NULL,
	"poll_id" integer NOT NULL,
	"poll_kind" text NOT NULL,
	"voter_identifier" text NOT NULL,
	"answers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "covers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"vote_type_id" integer NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluation_subjects" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"birth_date" text DEFAULT '' NOT NULL,
	"previous_position" text DEFAULT '' NOT NULL,
	"current_position" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "polls" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"target_type" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"form_schema" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"vote_type_id" integer NOT NULL,
	"form_category" text NOT NULL,
	"voter_identifier" text NOT NULL,
	"ballot_count" integer NOT NULL,
	"total_score" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "vote_targets" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vote_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"form_category" text NOT NULL,
	"weight" double precision DEFAULT 0 NOT NULL,
	"link_id" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"opens_at" timestamp with time zone,
	"closes_at" timestamp with time zone,
	"expected_voters" integer,
	"results_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "votes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"submission_id" uuid NOT NULL,
	"company_id" integer NOT NULL,
	"vote_type_id" integer NOT NULL,
	"poll_id" integer NOT NULL,
	"target_id" integer NOT NULL,
	"voter_identifier" text NOT NULL,
	"answers" jsonb NOT NULL,
	"score" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cadre_votes" ADD CONSTRAINT "cadre_votes_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "covers" ADD CONSTRAINT "covers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "covers" ADD CONSTRAINT "covers_vote_type_id_vote_types_id_fk" FOREIGN KEY ("vote_type_id") REFERENCES "public"."vote_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_subjects" ADD CONSTRAINT "evaluation_subjects_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "polls" ADD CONSTRAINT "polls_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_vote_type_id_vote_types_id_fk" FOREIGN KEY ("vote_type_id") REFERENCES "public"."vote_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_targets" ADD CONSTRAINT "vote_targets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_types" ADD CONSTRAINT "vote_types_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "cadre_votes_company_type_idx" ON "cadre_votes" USING btree ("company_id","vote_type_id");--> statement-breakpoint
CREATE INDEX "cadre_votes_submission_idx" ON "cadre_votes" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "cadre_votes_voter_idx" ON "cadre_votes" USING btree ("vote_type_id","voter_identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_name_key" ON "companies" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "covers_vote_type_kind_key" ON "covers" USING btree ("vote_type_id","kind");--> statement-breakpoint
CREATE INDEX "evaluation_subjects_company_idx" ON "evaluation_subjects" USING btree ("company_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "polls_company_kind_key" ON "polls" USING btree ("company_id","target_type");--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_vote_type_voter_key" ON "submissions" USING btree ("vote_type_id","voter_identifier");--> statement-breakpoint
CREATE INDEX "submissions_company_created_idx" ON "submissions" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "vote_targets_company_idx" ON "vote_targets" USING btree ("company_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "vote_types_link_id_key" ON "vote_types" USING btree ("link_id");--> statement-breakpoint
CREATE INDEX "vote_types_company_idx" ON "vote_types" USING btree ("company_id","sort_order");--> statement-breakpoint
CREATE INDEX "votes_company_type_target_idx" ON "votes" USING btree ("company_id","vote_type_id","target_id");--> statement-breakpoint
CREATE INDEX "votes_submission_idx" ON "votes" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "votes_voter_idx" ON "votes" USING btree ("vote_type_id","voter_identifier");