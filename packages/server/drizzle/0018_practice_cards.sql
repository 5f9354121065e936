CREATE TABLE "practice_cards" (
	"user_id" uuid NOT NULL,
	"contract_id" uuid NOT NULL,
	"prompt_id" text NOT NULL,
	"signature" text NOT NULL,
	"card" jsonb NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "practice_cards_user_id_contract_id_prompt_id_pk" PRIMARY KEY("user_id","contract_id","prompt_id")
);
--> statement-breakpoint
ALTER TABLE "practice_cards" ADD CONSTRAINT "practice_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_cards" ADD CONSTRAINT "practice_cards_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practice_cards_contract_id_idx" ON "practice_cards" USING btree ("contract_id");