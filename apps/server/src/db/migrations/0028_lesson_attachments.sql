CREATE TABLE "lesson_attachment_releases" (
	"release_id" integer NOT NULL,
	"attachment_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "lesson_attachment_releases_release_id_attachment_id_pk" PRIMARY KEY("release_id","attachment_id")
);
--> statement-breakpoint
CREATE TABLE "lesson_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"uploader_id" integer,
	"name" varchar(120) NOT NULL,
	"kind" varchar(12) NOT NULL,
	"content_type" varchar(120) NOT NULL,
	"size_bytes" bigint NOT NULL,
	"storage_key" varchar(120) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lesson_attachment_releases" ADD CONSTRAINT "lesson_attachment_releases_release_id_course_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."course_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_attachment_releases" ADD CONSTRAINT "lesson_attachment_releases_attachment_id_lesson_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."lesson_attachments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_attachments" ADD CONSTRAINT "lesson_attachments_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_attachments" ADD CONSTRAINT "lesson_attachments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_attachments" ADD CONSTRAINT "lesson_attachments_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_attachment_releases_lesson_idx" ON "lesson_attachment_releases" USING btree ("release_id","lesson_id","position");--> statement-breakpoint
CREATE INDEX "lesson_attachment_releases_attachment_idx" ON "lesson_attachment_releases" USING btree ("attachment_id");--> statement-breakpoint
CREATE INDEX "lesson_attachments_lesson_idx" ON "lesson_attachments" USING btree ("lesson_id","position");--> statement-breakpoint
CREATE INDEX "lesson_attachments_team_idx" ON "lesson_attachments" USING btree ("team_id");