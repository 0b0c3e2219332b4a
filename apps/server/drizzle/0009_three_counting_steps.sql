ALTER TABLE "ballot_codes" ADD COLUMN "for_paper" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vote_types" ADD COLUMN "counted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vote_types" ADD COLUMN "deleted_ballots" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Vote types that had ended before the three steps existed count as 完成计票 (their paper, if any, was keyed
-- before 结束投票, which was the only way then): closed by hand at the close, ended by the window at its end.
UPDATE "vote_types" SET "counted_at" = "closed_at" WHERE "closed_at" IS NOT NULL;--> statement-breakpoint
UPDATE "vote_types" SET "counted_at" = "closes_at"
  WHERE "closed_at" IS NULL AND "closes_at" IS NOT NULL AND "closes_at" <= now();--> statement-breakpoint
-- The codes printed on paper ballots: each print was one batch, audited as paper.print with its batch.
UPDATE "ballot_codes" c SET "for_paper" = true
  FROM "audit_log" a
  WHERE a."action" = 'paper.print'
    AND a."detail" ? 'batch'
    AND (a."detail"->>'vote_type_id')::int = c."vote_type_id"
    AND (a."detail"->>'batch')::int = c."batch";
