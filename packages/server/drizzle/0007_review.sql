CREATE TABLE "contract_marks" (
	"contract_id" uuid NOT NULL,
	"item_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_marks_contract_id_item_id_user_id_pk" PRIMARY KEY("contract_id","item_id","user_id"),
	CONSTRAINT "contract_marks_status_check" CHECK ("contract_marks"."status" in ('agreed', 'discuss'))
);
--> statement-breakpoint
CREATE TABLE "contract_views" (
	"contract_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_views_contract_id_user_id_pk" PRIMARY KEY("contract_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "contract_marks" ADD CONSTRAINT "contract_marks_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_marks" ADD CONSTRAINT "contract_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_views" ADD CONSTRAINT "contract_views_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_views" ADD CONSTRAINT "contract_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;