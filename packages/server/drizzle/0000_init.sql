CREATE TABLE "pdf_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"path_name" text NOT NULL,
	"file_name" text NOT NULL,
	"owner_user_id" uuid,
	"is_guest" boolean NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_name" text NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"content" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "pdf_files_path_name_key" ON "pdf_files" USING btree ("path_name");--> statement-breakpoint
CREATE INDEX "pdf_files_expires_at_idx" ON "pdf_files" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "templates_template_name_key" ON "templates" USING btree ("template_name");