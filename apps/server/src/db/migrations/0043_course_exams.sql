DROP INDEX "exam_attempts_no_idx";--> statement-breakpoint
DROP INDEX "exam_attempts_open_idx";--> statement-breakpoint
ALTER TABLE "exam_questions" ADD COLUMN "course_id" integer;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "course_id" integer;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "release_id" integer;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "bank" jsonb;--> statement-breakpoint
ALTER TABLE "exam_questions" ADD CONSTRAINT "exam_questions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_release_id_course_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."course_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_questions_course_idx" ON "exam_questions" USING btree ("course_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "exams_course_draft_idx" ON "exams" USING btree ("course_id") WHERE "exams"."course_id" is not null and "exams"."release_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "exams_release_idx" ON "exams" USING btree ("release_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_no_idx" ON "exam_attempts" USING btree ("exam_id","team_id","user_id","attempt_no");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_open_idx" ON "exam_attempts" USING btree ("exam_id","team_id","user_id") WHERE "exam_attempts"."submitted_at" is null;