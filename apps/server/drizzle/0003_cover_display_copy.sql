ALTER TABLE "covers" ADD COLUMN "display_content_type" text;--> statement-breakpoint
ALTER TABLE "covers" ADD COLUMN "display_size" integer;--> statement-breakpoint
ALTER TABLE "covers" ADD COLUMN "display_sha256" text;--> statement-breakpoint
ALTER TABLE "covers" ADD COLUMN "display_width" integer;--> statement-breakpoint
ALTER TABLE "covers" ADD COLUMN "display_height" integer;--> statement-breakpoint
ALTER TABLE "covers" ADD COLUMN "display_data" "bytea";