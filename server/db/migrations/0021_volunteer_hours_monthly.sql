CREATE TABLE "volunteer_hours_monthly" (
	"ngo_id" text NOT NULL,
	"volunteer_id" text NOT NULL,
	"month" date NOT NULL,
	"category" text NOT NULL,
	"minutes" bigint DEFAULT 0 NOT NULL,
	"reports" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "volunteer_hours_monthly_ngo_id_volunteer_id_month_category_pk" PRIMARY KEY("ngo_id","volunteer_id","month","category")
);
--> statement-breakpoint
-- Approved minutes move in and out of the roll-up as reports are written: statement-level triggers with
-- transition tables, so a bulk approval of 500 reports is one grouped upsert, not 500. Each change goes
-- to its volunteer's row and to the organisation's own row (volunteer_id ''), so an organisation's totals
-- read a row per month and category however many volunteers it has. A row's old
-- contribution leaves (when it was approved) and its new one arrives (when it is approved), whatever
-- changed: status, minutes, day or category. Keys are upserted in order, so two writers lock the
-- roll-up's rows in the same order and cannot deadlock on them.
CREATE FUNCTION "volunteer_hours_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO volunteer_hours_monthly AS m (ngo_id, volunteer_id, month, category, minutes, reports)
    SELECT o.ngo_id, coalesce(o.volunteer_id, ''), date_trunc('month', o.date)::date, o.category,
      -sum(o.minutes), -count(*)
    FROM old_rows o WHERE o.status = 'approved'
    GROUP BY GROUPING SETS (
      (o.ngo_id, o.volunteer_id, date_trunc('month', o.date)::date, o.category),
      (o.ngo_id, date_trunc('month', o.date)::date, o.category))
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (ngo_id, volunteer_id, month, category)
    DO UPDATE SET minutes = m.minutes + excluded.minutes, reports = m.reports + excluded.reports;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO volunteer_hours_monthly AS m (ngo_id, volunteer_id, month, category, minutes, reports)
    SELECT n.ngo_id, coalesce(n.volunteer_id, ''), date_trunc('month', n.date)::date, n.category,
      sum(n.minutes), count(*)
    FROM new_rows n WHERE n.status = 'approved'
    GROUP BY GROUPING SETS (
      (n.ngo_id, n.volunteer_id, date_trunc('month', n.date)::date, n.category),
      (n.ngo_id, date_trunc('month', n.date)::date, n.category))
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (ngo_id, volunteer_id, month, category)
    DO UPDATE SET minutes = m.minutes + excluded.minutes, reports = m.reports + excluded.reports;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "activity_reports_hours_insert" AFTER INSERT ON "activity_reports"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "volunteer_hours_apply"();
--> statement-breakpoint
CREATE TRIGGER "activity_reports_hours_update" AFTER UPDATE ON "activity_reports"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "volunteer_hours_apply"();
--> statement-breakpoint
CREATE TRIGGER "activity_reports_hours_delete" AFTER DELETE ON "activity_reports"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "volunteer_hours_apply"();
--> statement-breakpoint
INSERT INTO "volunteer_hours_monthly" (ngo_id, volunteer_id, month, category, minutes, reports)
SELECT ngo_id, coalesce(volunteer_id, ''), date_trunc('month', date)::date, category, sum(minutes), count(*)
FROM "activity_reports" WHERE status = 'approved'
GROUP BY GROUPING SETS ((ngo_id, volunteer_id, date_trunc('month', date)::date, category),
  (ngo_id, date_trunc('month', date)::date, category));
