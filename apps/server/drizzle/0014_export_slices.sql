CREATE INDEX "cadre_votes_round_id_idx" ON "cadre_votes" USING btree ("round_id","id");--> statement-breakpoint
CREATE INDEX "votes_round_id_idx" ON "votes" USING btree ("round_id","id");