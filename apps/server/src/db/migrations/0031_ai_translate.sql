ALTER TABLE "ai_job_lessons" ADD COLUMN "source" jsonb;--> statement-breakpoint
ALTER TABLE "ai_jobs" ADD COLUMN "kind" varchar(10) DEFAULT 'generate' NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_jobs" ADD COLUMN "translation" jsonb;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "translated_from_course_id" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "translation_language" varchar(35);--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "translation_source_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_translated_from_course_id_courses_id_fk" FOREIGN KEY ("translated_from_course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courses_translated_from_idx" ON "courses" USING btree ("translated_from_course_id") WHERE "courses"."translated_from_course_id" is not null;