ALTER TABLE "certificates" ADD COLUMN "exam_title" varchar(100);--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "exam_score" integer;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "exam_pass_percent" integer;