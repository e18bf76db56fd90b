CREATE TABLE "files" (
	"id" text PRIMARY KEY NOT NULL,
	"ngo_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"folder_id" text,
	"name" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"content_type" text NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "files_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "files_size_non_negative" CHECK ("files"."size_bytes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "folders" (
	"id" text PRIMARY KEY NOT NULL,
	"ngo_id" text NOT NULL,
	"parent_id" text,
	"name" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_ngo_id_ngos_id_fk" FOREIGN KEY ("ngo_id") REFERENCES "public"."ngos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_ngo_id_ngos_id_fk" FOREIGN KEY ("ngo_id") REFERENCES "public"."ngos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_parent_id_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."folders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "files_live_name_idx" ON "files" USING btree ("ngo_id",coalesce("folder_id", ''),"name") WHERE "files"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "files_folder_idx" ON "files" USING btree ("folder_id","ngo_id");--> statement-breakpoint
CREATE INDEX "files_trash_idx" ON "files" USING btree ("deleted_at") WHERE "files"."deleted_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "folders_live_name_idx" ON "folders" USING btree ("ngo_id",coalesce("parent_id", ''),"name") WHERE "folders"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "folders_parent_idx" ON "folders" USING btree ("parent_id","ngo_id");--> statement-breakpoint
CREATE INDEX "folders_trash_idx" ON "folders" USING btree ("deleted_at") WHERE "folders"."deleted_at" is not null;