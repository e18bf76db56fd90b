CREATE TABLE "form_media" (
	"id" text PRIMARY KEY NOT NULL,
	"ngo_id" text NOT NULL,
	"form_id" text NOT NULL,
	"instance_id" text NOT NULL,
	"name" text NOT NULL,
	"upload_id" text NOT NULL,
	"file_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_media_upload_key" UNIQUE("upload_id"),
	CONSTRAINT "form_media_name_key" UNIQUE("form_id","instance_id","name")
);
--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "media_folder_id" text;--> statement-breakpoint
ALTER TABLE "form_media" ADD CONSTRAINT "form_media_ngo_id_ngos_id_fk" FOREIGN KEY ("ngo_id") REFERENCES "public"."ngos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_media" ADD CONSTRAINT "form_media_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_media" ADD CONSTRAINT "form_media_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_media_folder_id_folders_id_fk" FOREIGN KEY ("media_folder_id") REFERENCES "public"."folders"("id") ON DELETE set null ON UPDATE no action;