CREATE INDEX "contract_marks_updated_at_idx" ON "contract_marks" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "contract_replies_created_at_idx" ON "contract_replies" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "contract_revisions_created_at_idx" ON "contract_revisions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "contract_views_user_id_idx" ON "contract_views" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "agreement_notices_contract_id_idx" ON "agreement_notices" USING btree ("contract_id");