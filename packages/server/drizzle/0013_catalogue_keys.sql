-- Data migrations that need the product's code (db/data-migrations.ts) record here that they ran.
CREATE TABLE "data_migrations" (
	"name" text PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"report" jsonb DEFAULT '{}'::jsonb NOT NULL
);--> statement-breakpoint
-- Backups taken before the data migration "catalogue-keys" gives every stored template, agreement and revision its
-- catalogue keys (docs/catalogue-keys.md, "The migration of stored data"). To undo it, copy these columns back.
CREATE TABLE "templates_before_keys" AS SELECT "id", "content" FROM "templates";--> statement-breakpoint
CREATE TABLE "contracts_before_keys" AS SELECT "id", "document" FROM "contracts";--> statement-breakpoint
CREATE TABLE "contract_revisions_before_keys" AS SELECT "contract_id", "revision", "document", "patch" FROM "contract_revisions";
