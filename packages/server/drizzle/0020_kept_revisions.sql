ALTER TABLE "contracts" ADD COLUMN "kept_revisions" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
UPDATE "contracts" SET "kept_revisions" = (SELECT count(*) FROM "contract_revisions" WHERE "contract_revisions"."contract_id" = "contracts"."id");
