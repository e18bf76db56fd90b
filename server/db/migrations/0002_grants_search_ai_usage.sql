CREATE TABLE "ai_usage" (
	"id" text PRIMARY KEY NOT NULL,
	"ngo_id" text,
	"user_id" text,
	"feature" text NOT NULL,
	"model" text NOT NULL,
	"prompt_tokens" integer,
	"completion_tokens" integer,
	"total_tokens" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, regexp_replace("title" || ' ' || "summary" || ' ' || "category" || ' ' || "author" || ' ' || "content", '[^[:alnum:]]+', ' ', 'g'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "grants" ADD COLUMN "country_keys" text[] GENERATED ALWAYS AS (regexp_split_to_array(lower(trim("country")), '\s*,\s*')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "grants" ADD COLUMN "area_keys" text[] GENERATED ALWAYS AS (regexp_split_to_array(lower(trim("area_of_interest")), '\s*,\s*')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "grants" ADD COLUMN "grant_size_amount" numeric GENERATED ALWAYS AS (CASE WHEN "grant_size" ~ '[0-9]' THEN replace(substring("grant_size" from '([0-9][0-9,]*(?:\.[0-9]+)?)[^0-9]*$'), ',', '')::numeric * CASE WHEN "grant_size" ~* '[0-9]\s*(billion|bn)\M[^0-9]*$' THEN 1000000000 WHEN "grant_size" ~* '[0-9]\s*(million|mn|m)\M[^0-9]*$' THEN 1000000 WHEN "grant_size" ~* '[0-9]\s*(thousand|k)\M[^0-9]*$' THEN 1000 ELSE 1 END END) STORED;--> statement-breakpoint
ALTER TABLE "grants" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, regexp_replace("title" || ' ' || "donor_agency" || ' ' || "category" || ' ' || "country" || ' ' || "area_of_interest", '[^[:alnum:]]+', ' ', 'g'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "grants" ADD COLUMN "listing_json" text GENERATED ALWAYS AS (json_object(ARRAY['id', 'title', 'category', 'donorAgency', 'grantSize', 'postDate', 'deadlineDate', 'imageUrl', 'country', 'areaOfInterest'], ARRAY["id", "title", "category", "donor_agency", "grant_size", lpad(extract(year from "post_date")::int::text, 4, '0') || '-' || lpad(extract(month from "post_date")::int::text, 2, '0') || '-' || lpad(extract(day from "post_date")::int::text, 2, '0'), lpad(extract(year from "deadline_date")::int::text, 4, '0') || '-' || lpad(extract(month from "deadline_date")::int::text, 2, '0') || '-' || lpad(extract(day from "deadline_date")::int::text, 2, '0'), "image_url", "country", "area_of_interest"])) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_usage" ADD CONSTRAINT "ai_usage_ngo_id_ngos_id_fk" FOREIGN KEY ("ngo_id") REFERENCES "public"."ngos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_usage" ADD CONSTRAINT "ai_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_usage_ngo_created_idx" ON "ai_usage" USING btree ("ngo_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_usage_feature_created_idx" ON "ai_usage" USING btree ("feature","created_at");--> statement-breakpoint
CREATE INDEX "blogs_search_idx" ON "blogs" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "blogs_category_key_idx" ON "blogs" USING btree (lower(trim("category")));--> statement-breakpoint
CREATE INDEX "grants_country_keys_idx" ON "grants" USING gin ("country_keys") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "grants_area_keys_idx" ON "grants" USING gin ("area_keys") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "grants_search_idx" ON "grants" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "grants_category_key_idx" ON "grants" USING btree (lower(trim("category")));