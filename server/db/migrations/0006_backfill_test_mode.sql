-- Payments made before test mode was recorded: those the built-in simulator saw were simulated (ADR 0019).
UPDATE "payments" SET "test_mode" = true
WHERE "tx_ref" IN (SELECT "tx_ref" FROM "payment_simulator_transactions");--> statement-breakpoint
UPDATE "donations" SET "test_mode" = true
WHERE "payment_id" IN (SELECT "id" FROM "payments" WHERE "test_mode");
