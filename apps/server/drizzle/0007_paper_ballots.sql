CREATE TABLE "paper_sheets" (
	"id" serial PRIMARY KEY NOT NULL,
	"vote_type_id" integer NOT NULL,
	"round_id" integer NOT NULL,
	"sheet_key" text NOT NULL,
	"state" text NOT NULL,
	"first_answers" jsonb NOT NULL,
	"first_session" text NOT NULL,
	"second_answers" jsonb,
	"second_session" text,
	"submission_id" uuid,
	"entered_at" timestamp with time zone DEFAULT date_trunc('minute', now()) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "source" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "vote_types" ADD COLUMN "double_entry" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "paper_sheets" ADD CONSTRAINT "paper_sheets_vote_type_id_vote_types_id_fk" FOREIGN KEY ("vote_type_id") REFERENCES "public"."vote_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_sheets" ADD CONSTRAINT "paper_sheets_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_sheets" ADD CONSTRAINT "paper_sheets_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "paper_sheets_vote_type_key" ON "paper_sheets" USING btree ("vote_type_id","sheet_key");