CREATE INDEX "cadre_votes_company_id_idx" ON "cadre_votes" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "votes_company_id_idx" ON "votes" USING btree ("company_id","id");