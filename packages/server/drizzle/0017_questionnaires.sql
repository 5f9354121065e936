CREATE TABLE "questionnaire_answers" (
	"questionnaire_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"answers" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	CONSTRAINT "questionnaire_answers_questionnaire_id_user_id_pk" PRIMARY KEY("questionnaire_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "questionnaires" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"started_by" uuid,
	"question_set" jsonb NOT NULL,
	"questions" jsonb NOT NULL,
	"participant_ids" jsonb NOT NULL,
	"start_revision" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"revealed_at" timestamp with time zone,
	"harmony" jsonb
);
--> statement-breakpoint
ALTER TABLE "questionnaire_answers" ADD CONSTRAINT "questionnaire_answers_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_answers" ADD CONSTRAINT "questionnaire_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questionnaire_answers_user_id_idx" ON "questionnaire_answers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "questionnaires_contract_started_idx" ON "questionnaires" USING btree ("contract_id","started_at");--> statement-breakpoint
CREATE INDEX "questionnaires_started_by_idx" ON "questionnaires" USING btree ("started_by");