CREATE TABLE "causes" (
	"id" text PRIMARY KEY NOT NULL,
	"ngo_id" text NOT NULL,
	"title" text NOT NULL,
	"story" text DEFAULT '' NOT NULL,
	"goal_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"image_url" text,
	"end_date" date,
	"suggested_amounts_minor" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"raised_minor" bigint DEFAULT 0 NOT NULL,
	"donor_count" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"is_sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "causes_status_check" CHECK ("causes"."status" in ('published', 'draft')),
	CONSTRAINT "causes_id_dash_free" CHECK (position('-' in "causes"."id") = 0)
);
--> statement-breakpoint
CREATE TABLE "donations" (
	"id" text PRIMARY KEY NOT NULL,
	"tx_ref" text NOT NULL,
	"payment_id" text,
	"cause_id" text NOT NULL,
	"ngo_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"donor_name" text,
	"donor_email" text,
	"anonymous" boolean DEFAULT false NOT NULL,
	"is_sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ngo_subscriptions" (
	"ngo_id" text PRIMARY KEY NOT NULL,
	"plan_id" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"activated_at" timestamp with time zone NOT NULL,
	"renews_at" timestamp with time zone NOT NULL,
	"last_payment_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"tx_ref" text NOT NULL,
	"provider" text NOT NULL,
	"purpose" text NOT NULL,
	"ngo_id" text NOT NULL,
	"cause_id" text,
	"plan_id" text,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_transaction_id" text,
	"customer_email" text,
	"donor_name" text,
	"anonymous" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"failure_reason" text,
	"last_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'successful', 'failed', 'cancelled')),
	CONSTRAINT "payments_purpose_check" CHECK ("payments"."purpose" in ('subscription', 'donation')),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_simulator_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"checkout_id" text NOT NULL,
	"tx_ref" text NOT NULL,
	"amount" text NOT NULL,
	"currency" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_name" text,
	"redirect_url" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"payment_type" text,
	"completes_at" timestamp with time zone,
	"final_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "causes" ADD CONSTRAINT "causes_ngo_id_ngos_id_fk" FOREIGN KEY ("ngo_id") REFERENCES "public"."ngos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "causes" ADD CONSTRAINT "causes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_cause_id_causes_id_fk" FOREIGN KEY ("cause_id") REFERENCES "public"."causes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_ngo_id_ngos_id_fk" FOREIGN KEY ("ngo_id") REFERENCES "public"."ngos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ngo_subscriptions" ADD CONSTRAINT "ngo_subscriptions_ngo_id_ngos_id_fk" FOREIGN KEY ("ngo_id") REFERENCES "public"."ngos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ngo_subscriptions" ADD CONSTRAINT "ngo_subscriptions_last_payment_id_payments_id_fk" FOREIGN KEY ("last_payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_ngo_id_ngos_id_fk" FOREIGN KEY ("ngo_id") REFERENCES "public"."ngos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_cause_id_causes_id_fk" FOREIGN KEY ("cause_id") REFERENCES "public"."causes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "causes_ngo_created_idx" ON "causes" USING btree ("ngo_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "donations_tx_ref_unique" ON "donations" USING btree ("tx_ref");--> statement-breakpoint
CREATE INDEX "donations_cause_created_idx" ON "donations" USING btree ("cause_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_tx_ref_unique" ON "payments" USING btree ("tx_ref");--> statement-breakpoint
CREATE INDEX "payments_ngo_created_idx" ON "payments" USING btree ("ngo_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_simulator_checkout_unique" ON "payment_simulator_transactions" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "payment_simulator_tx_ref_idx" ON "payment_simulator_transactions" USING btree ("tx_ref");