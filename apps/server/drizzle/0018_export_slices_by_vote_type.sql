CREATE INDEX "cadre_votes_type_id_idx" ON "cadre_votes" USING btree ("vote_type_id","id");--> statement-breakpoint
CREATE INDEX "votes_type_id_idx" ON "votes" USING btree ("vote_type_id","id");