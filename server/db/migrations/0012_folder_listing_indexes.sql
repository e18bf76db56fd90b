DROP INDEX "files_folder_idx";--> statement-breakpoint
DROP INDEX "folders_parent_idx";--> statement-breakpoint
CREATE INDEX "files_folder_name_idx" ON "files" USING btree ("folder_id","ngo_id",lower("name"),"name","id");--> statement-breakpoint
CREATE INDEX "folders_parent_name_idx" ON "folders" USING btree ("parent_id","ngo_id",lower("name"),"name","id");