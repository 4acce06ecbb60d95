CREATE TABLE "learning_media" (
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"media_id" integer NOT NULL,
	"intervals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"watched_ms" integer DEFAULT 0 NOT NULL,
	"position_ms" integer DEFAULT 0 NOT NULL,
	"credit_ms" integer DEFAULT 0 NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learning_media_team_id_user_id_lesson_id_media_id_pk" PRIMARY KEY("team_id","user_id","lesson_id","media_id")
);
--> statement-breakpoint
ALTER TABLE "learning_media" ADD CONSTRAINT "learning_media_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_media" ADD CONSTRAINT "learning_media_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_media" ADD CONSTRAINT "learning_media_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "learning_media_course_idx" ON "learning_media" USING btree ("team_id","course_id");