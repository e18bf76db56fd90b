CREATE TABLE "activity_report_photos" (
	"report_id" text NOT NULL,
	"name" text NOT NULL,
	"file_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_report_photos_report_id_name_pk" PRIMARY KEY("report_id","name")
);
--> statement-breakpoint
CREATE TABLE "activity_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"ngo_id" text NOT NULL,
	"volunteer_id" text NOT NULL,
	"task_id" text,
	"date" date NOT NULL,
	"start_time" text,
	"end_time" text,
	"minutes" integer NOT NULL,
	"reported_minutes" integer NOT NULL,
	"category" text DEFAULT 'service' NOT NULL,
	"description" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"accuracy" double precision,
	"photo_names" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decline_reason" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_reports_status_check" CHECK ("activity_reports"."status" in ('pending', 'approved', 'declined')),
	CONSTRAINT "activity_reports_category_check" CHECK ("activity_reports"."category" in ('service', 'training')),
	CONSTRAINT "activity_reports_minutes_check" CHECK ("activity_reports"."minutes" between 1 and 1440)
);
--> statement-breakpoint
CREATE TABLE "document_settings" (
	"ngo_id" text PRIMARY KEY NOT NULL,
	"letter_template" text NOT NULL,
	"signer_name" text DEFAULT '' NOT NULL,
	"signer_title" text DEFAULT '' NOT NULL,
	"logo_file_id" text,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "volunteer_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"ngo_id" text NOT NULL,
	"volunteer_id" text NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"volunteer_name" text NOT NULL,
	"role" text NOT NULL,
	"ngo_name" text NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"minutes" integer NOT NULL,
	"signer_name" text DEFAULT '' NOT NULL,
	"signer_title" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"issued_by" text,
	"issued_by_name" text DEFAULT '' NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	CONSTRAINT "volunteer_documents_kind_check" CHECK ("volunteer_documents"."kind" in ('certificate', 'letter'))
);
--> statement-breakpoint
ALTER TABLE "activity_report_photos" ADD CONSTRAINT "activity_report_photos_report_id_activity_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."activity_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_report_photos" ADD CONSTRAINT "activity_report_photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_reports" ADD CONSTRAINT "activity_reports_ngo_id_ngos_id_fk" FOREIGN KEY ("ngo_id") REFERENCES "public"."ngos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_reports" ADD CONSTRAINT "activity_reports_volunteer_id_users_id_fk" FOREIGN KEY ("volunteer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_reports" ADD CONSTRAINT "activity_reports_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_reports" ADD CONSTRAINT "activity_reports_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_settings" ADD CONSTRAINT "document_settings_ngo_id_ngos_id_fk" FOREIGN KEY ("ngo_id") REFERENCES "public"."ngos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_settings" ADD CONSTRAINT "document_settings_logo_file_id_files_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_settings" ADD CONSTRAINT "document_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_documents" ADD CONSTRAINT "volunteer_documents_ngo_id_ngos_id_fk" FOREIGN KEY ("ngo_id") REFERENCES "public"."ngos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_documents" ADD CONSTRAINT "volunteer_documents_volunteer_id_users_id_fk" FOREIGN KEY ("volunteer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_documents" ADD CONSTRAINT "volunteer_documents_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_reports_ngo_date_idx" ON "activity_reports" USING btree ("ngo_id","date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_reports_ngo_status_date_idx" ON "activity_reports" USING btree ("ngo_id","status","date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_reports_volunteer_date_idx" ON "activity_reports" USING btree ("volunteer_id","date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_reports_approved_totals_idx" ON "activity_reports" USING btree ("ngo_id","volunteer_id","date","category","minutes") WHERE "activity_reports"."status" = 'approved';--> statement-breakpoint
CREATE UNIQUE INDEX "volunteer_documents_code_idx" ON "volunteer_documents" USING btree ("code");--> statement-breakpoint
CREATE INDEX "volunteer_documents_ngo_issued_idx" ON "volunteer_documents" USING btree ("ngo_id","issued_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "volunteer_documents_volunteer_idx" ON "volunteer_documents" USING btree ("volunteer_id","issued_at" DESC NULLS LAST);