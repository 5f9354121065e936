ALTER TABLE "contract_revisions" ADD COLUMN "items" jsonb;--> statement-breakpoint
CREATE INDEX "pdf_files_owner_file_name_idx" ON "pdf_files" USING btree ("owner_user_id","file_name","created_at");