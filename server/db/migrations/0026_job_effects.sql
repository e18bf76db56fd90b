CREATE TABLE "job_effects" (
	"queue" text NOT NULL,
	"job_id" uuid NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_effects_queue_job_id_pk" PRIMARY KEY("queue","job_id")
);
--> statement-breakpoint
CREATE INDEX "job_effects_applied_at_idx" ON "job_effects" USING btree ("applied_at");