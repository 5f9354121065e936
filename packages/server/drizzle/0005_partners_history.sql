CREATE TABLE "contract_links" (
	"contract_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_shares" (
	"contract_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"access" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_shares_contract_id_user_id_pk" PRIMARY KEY("contract_id","user_id"),
	CONSTRAINT "contract_shares_access_check" CHECK ("contract_shares"."access" in ('edit', 'view'))
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "contract_revisions" ALTER COLUMN "document" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_revisions" ADD COLUMN "patch" jsonb;--> statement-breakpoint
ALTER TABLE "contract_revisions" ADD COLUMN "kind" text DEFAULT 'save' NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_revisions" ADD COLUMN "author_user_id" uuid;--> statement-breakpoint
ALTER TABLE "contract_revisions" ADD COLUMN "author_label" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_revisions" ADD COLUMN "summary" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_links" ADD CONSTRAINT "contract_links_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_shares" ADD CONSTRAINT "contract_shares_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_shares" ADD CONSTRAINT "contract_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_links_token_key" ON "contract_links" USING btree ("token");--> statement-breakpoint
CREATE INDEX "contract_shares_user_id_idx" ON "contract_shares" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "contract_revisions" ADD CONSTRAINT "contract_revisions_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'subscriber', 'partner'));--> statement-breakpoint
-- Every agreement's current revision gets its history row (its document stays in contracts).
INSERT INTO "contract_revisions" ("contract_id", "revision", "kind", "created_at")
SELECT "id", "revision", CASE WHEN "revision" = 0 THEN 'create' ELSE 'save' END, "updated_at" FROM "contracts"
ON CONFLICT DO NOTHING;
