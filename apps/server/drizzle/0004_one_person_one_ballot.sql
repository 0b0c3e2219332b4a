CREATE TABLE "ballot_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"vote_type_id" integer NOT NULL,
	"code" text NOT NULL,
	"state" text DEFAULT 'unused' NOT NULL,
	"batch" integer NOT NULL,
	"issued_on" date DEFAULT current_date NOT NULL,
	"used_in_test" boolean DEFAULT false NOT NULL,
	"recalled" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cadre_votes" ALTER COLUMN "created_at" SET DEFAULT date_trunc('minute', now());--> statement-breakpoint
ALTER TABLE "submissions" ALTER COLUMN "created_at" SET DEFAULT date_trunc('minute', now());--> statement-breakpoint
ALTER TABLE "votes" ALTER COLUMN "created_at" SET DEFAULT date_trunc('minute', now());--> statement-breakpoint
ALTER TABLE "cadre_votes" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A volatile default: every existing ballot gets its own server-made receipt id as the column is added.
ALTER TABLE "submissions" ADD COLUMN "receipt_id" text DEFAULT translate(rtrim(encode(decode(replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '='), '+/', '-_') NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vote_types" ADD COLUMN "access_mode" text DEFAULT 'link' NOT NULL;--> statement-breakpoint
ALTER TABLE "vote_types" ADD COLUMN "test_mode" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vote_types" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ballot_codes" ADD CONSTRAINT "ballot_codes_vote_type_id_vote_types_id_fk" FOREIGN KEY ("vote_type_id") REFERENCES "public"."vote_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ballot_codes_vote_type_code_key" ON "ballot_codes" USING btree ("vote_type_id","code");--> statement-breakpoint
CREATE INDEX "ballot_codes_vote_type_state_idx" ON "ballot_codes" USING btree ("vote_type_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_receipt_id_key" ON "submissions" USING btree ("receipt_id");--> statement-breakpoint
-- Ballot times are kept to the minute only, the old ones too.
UPDATE "submissions" SET "created_at" = date_trunc('minute', "created_at");--> statement-breakpoint
UPDATE "votes" SET "created_at" = date_trunc('minute', "created_at");--> statement-breakpoint
UPDATE "cadre_votes" SET "created_at" = date_trunc('minute', "created_at");
