CREATE TABLE "invitation_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_email" text NOT NULL,
	"sender_user_id" uuid NOT NULL,
	"contract_id" uuid,
	"sent_at" timestamp with time zone NOT NULL,
	"is_email_sent" boolean NOT NULL
);
--> statement-breakpoint
-- Written by hand after drizzle-kit: existing shares take their partner's address and count as accepted (their owners already saw the names).
ALTER TABLE "contract_shares" ADD COLUMN "invited_email" text;--> statement-breakpoint
ALTER TABLE "contract_shares" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
UPDATE "contract_shares" SET "invited_email" = "users"."email", "accepted_at" = "contract_shares"."created_at" FROM "users" WHERE "users"."id" = "contract_shares"."user_id";--> statement-breakpoint
ALTER TABLE "contract_shares" ALTER COLUMN "invited_email" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invitation_emails" ADD CONSTRAINT "invitation_emails_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_emails" ADD CONSTRAINT "invitation_emails_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitation_emails_recipient_idx" ON "invitation_emails" USING btree ("recipient_email","sent_at");--> statement-breakpoint
CREATE INDEX "invitation_emails_sender_idx" ON "invitation_emails" USING btree ("sender_user_id","sent_at");--> statement-breakpoint
-- Written by hand (ADR 172, "Amended"): a partner account that never chose a password is deleted,
-- with its tokens and sessions (cascades), when its last share ends, whichever way it ends: stop
-- sharing, or the agreement or its owner deleted (their shares go by cascade). The row lock first,
-- then the check in a statement of its own, so a share committed meanwhile is seen and kept.
CREATE FUNCTION "delete_unused_partner_account"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "users" WHERE "id" = OLD."user_id" AND "role" = 'partner' AND "password_hash" IS NULL FOR UPDATE;
  IF FOUND THEN
    DELETE FROM "users" WHERE "id" = OLD."user_id" AND "role" = 'partner' AND "password_hash" IS NULL
      AND NOT EXISTS (SELECT 1 FROM "contract_shares" WHERE "user_id" = OLD."user_id");
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "contract_shares_delete_unused_partner" AFTER DELETE ON "contract_shares" FOR EACH ROW EXECUTE FUNCTION "delete_unused_partner_account"();--> statement-breakpoint
-- The partner accounts earlier shares left behind.
DELETE FROM "users" WHERE "role" = 'partner' AND "password_hash" IS NULL AND NOT EXISTS (SELECT 1 FROM "contract_shares" WHERE "contract_shares"."user_id" = "users"."id");
