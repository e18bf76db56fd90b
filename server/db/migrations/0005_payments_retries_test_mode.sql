DROP INDEX "payment_simulator_checkout_unique";--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "test_mode" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "test_mode" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "payment_simulator_checkout_idx" ON "payment_simulator_transactions" USING btree ("checkout_id");