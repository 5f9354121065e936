CREATE TABLE "agreement_notices" (
	"user_id" uuid NOT NULL,
	"contract_id" uuid NOT NULL,
	"digest" boolean DEFAULT true NOT NULL,
	"discussion" boolean DEFAULT true NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"discussion_noticed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agreement_notices_user_id_contract_id_pk" PRIMARY KEY("user_id","contract_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "digest_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agreement_notices" ADD CONSTRAINT "agreement_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_notices" ADD CONSTRAINT "agreement_notices_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_notices_token_key" ON "agreement_notices" USING btree ("unsubscribe_token");--> statement-breakpoint
-- Written by hand (ADR 198): a partner's notices of an agreement end with the share, whichever way
-- it ends, so their old unsubscribe links say the link no longer matches any notices.
CREATE FUNCTION "forget_agreement_notices"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "agreement_notices" WHERE "user_id" = OLD."user_id" AND "contract_id" = OLD."contract_id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "contract_shares_forget_notices" AFTER DELETE ON "contract_shares" FOR EACH ROW EXECUTE FUNCTION "forget_agreement_notices"();
