CREATE TABLE "paper_print_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"vote_type_id" integer NOT NULL,
	"round_id" integer NOT NULL,
	"first_number" integer NOT NULL,
	"last_number" integer NOT NULL,
	"is_test" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retired_submissions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"vote_type_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "paper_sheets" ADD COLUMN "first_user_id" integer;--> statement-breakpoint
ALTER TABLE "paper_sheets" ADD COLUMN "second_user_id" integer;--> statement-breakpoint
ALTER TABLE "paper_print_runs" ADD CONSTRAINT "paper_print_runs_vote_type_id_vote_types_id_fk" FOREIGN KEY ("vote_type_id") REFERENCES "public"."vote_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_print_runs" ADD CONSTRAINT "paper_print_runs_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retired_submissions" ADD CONSTRAINT "retired_submissions_vote_type_id_vote_types_id_fk" FOREIGN KEY ("vote_type_id") REFERENCES "public"."vote_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paper_print_runs_vote_type_idx" ON "paper_print_runs" USING btree ("vote_type_id","first_number");--> statement-breakpoint
-- Issue 26. Double entry needs two accounts, not two sign-ins: a sheet being keyed records its keyers'
-- accounts. The sheets keyed before this migration get them from their audited entries (paper.enter names
-- the sheet's id; its first such row is the first entry, its second the second); a sheet the trail does not
-- name keeps NULL, and its second entry or settlement is refused until it is withdrawn and keyed again.
UPDATE "paper_sheets" p SET "first_user_id" = e."user_id"
FROM (SELECT (a."detail"->>'sheet_id')::int AS sheet_id, a."user_id",
             row_number() OVER (PARTITION BY a."detail"->>'sheet_id' ORDER BY a."id") AS n
      FROM "audit_log" a
      WHERE a."action" = 'paper.enter' AND jsonb_typeof(a."detail"->'sheet_id') = 'number') e
WHERE e.sheet_id = p."id" AND e.n = 1;--> statement-breakpoint
UPDATE "paper_sheets" p SET "second_user_id" = e."user_id"
FROM (SELECT (a."detail"->>'sheet_id')::int AS sheet_id, a."user_id",
             row_number() OVER (PARTITION BY a."detail"->>'sheet_id' ORDER BY a."id") AS n
      FROM "audit_log" a
      WHERE a."action" = 'paper.enter' AND jsonb_typeof(a."detail"->'sheet_id') = 'number') e
WHERE e.sheet_id = p."id" AND e.n = 2 AND p."second_answers" IS NOT NULL;--> statement-breakpoint
-- Link-mode sheets are keyed only by a number a print run printed. A link-mode vote type being keyed now
-- (sheets numbered by hand on blank forms) gets one run 1..its highest keyed number, so its keying goes on.
INSERT INTO "paper_print_runs" ("vote_type_id", "round_id", "first_number", "last_number", "is_test")
SELECT v."id", v."round_id", 1, max(p."sheet_key"::int), v."test_mode"
FROM "vote_types" v JOIN "paper_sheets" p ON p."vote_type_id" = v."id"
WHERE v."access_mode" = 'link' AND v."counted_at" IS NULL AND p."sheet_key" ~ '^[0-9]{1,6}$'
GROUP BY v."id", v."round_id", v."test_mode";--> statement-breakpoint
ALTER TABLE "paper_sheets" DROP COLUMN "first_session";--> statement-breakpoint
ALTER TABLE "paper_sheets" DROP COLUMN "second_session";