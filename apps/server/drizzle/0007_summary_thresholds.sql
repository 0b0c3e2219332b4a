ALTER TABLE "rounds" ADD COLUMN "flag_top_two_min" double precision DEFAULT 0.6666666666666666 NOT NULL;--> statement-breakpoint
ALTER TABLE "rounds" ADD COLUMN "flag_bottom_max" double precision DEFAULT 0.3333333333333333 NOT NULL;--> statement-breakpoint
ALTER TABLE "rounds" ADD COLUMN "meeting_shows_summary" boolean DEFAULT false NOT NULL;