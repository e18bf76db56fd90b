CREATE TABLE "task_assignments" (
	"task_id" text NOT NULL,
	"volunteer_id" text NOT NULL,
	"status" text DEFAULT 'assigned' NOT NULL,
	"decline_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_assignments_task_id_volunteer_id_pk" PRIMARY KEY("task_id","volunteer_id"),
	CONSTRAINT "task_assignments_status_check" CHECK ("task_assignments"."status" in ('assigned', 'accepted', 'declined', 'in_progress', 'done'))
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"ngo_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"due_on" date NOT NULL,
	"estimated_minutes" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"cancelled_reason" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_status_check" CHECK ("tasks"."status" in ('open', 'cancelled')),
	CONSTRAINT "tasks_estimated_minutes_check" CHECK ("tasks"."estimated_minutes" is null or "tasks"."estimated_minutes" between 0 and 100000)
);
--> statement-breakpoint
ALTER TABLE "task_assignments" ADD CONSTRAINT "task_assignments_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_assignments" ADD CONSTRAINT "task_assignments_volunteer_id_users_id_fk" FOREIGN KEY ("volunteer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_ngo_id_ngos_id_fk" FOREIGN KEY ("ngo_id") REFERENCES "public"."ngos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_assignments_volunteer_idx" ON "task_assignments" USING btree ("volunteer_id","task_id");--> statement-breakpoint
CREATE INDEX "tasks_ngo_due_idx" ON "tasks" USING btree ("ngo_id","due_on","id");