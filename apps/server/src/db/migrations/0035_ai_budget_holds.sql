CREATE TABLE "ai_budget_holds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"job_id" integer,
	"idx" integer,
	"tokens" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_budget_holds" ADD CONSTRAINT "ai_budget_holds_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_budget_holds" ADD CONSTRAINT "ai_budget_holds_job_id_ai_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."ai_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_budget_holds_team_idx" ON "ai_budget_holds" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_budget_holds_lesson_idx" ON "ai_budget_holds" USING btree ("job_id","idx");