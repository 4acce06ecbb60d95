CREATE TABLE "lesson_comment_mentions" (
	"comment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_comment_mentions_comment_id_user_id_pk" PRIMARY KEY("comment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "lesson_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"thread_id" integer,
	"author_id" integer,
	"body" varchar(2000) NOT NULL,
	"anchor_start" varchar(256) DEFAULT '' NOT NULL,
	"anchor_end" varchar(256) DEFAULT '' NOT NULL,
	"quote" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer
);
--> statement-breakpoint
ALTER TABLE "lesson_comment_mentions" ADD CONSTRAINT "lesson_comment_mentions_comment_id_lesson_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."lesson_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_comment_mentions" ADD CONSTRAINT "lesson_comment_mentions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_comment_mentions" ADD CONSTRAINT "lesson_comment_mentions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_comments" ADD CONSTRAINT "lesson_comments_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_comments" ADD CONSTRAINT "lesson_comments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_comments" ADD CONSTRAINT "lesson_comments_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_comments" ADD CONSTRAINT "lesson_comments_thread_id_lesson_comments_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."lesson_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_comments" ADD CONSTRAINT "lesson_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_comments" ADD CONSTRAINT "lesson_comments_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_comment_mentions_user_idx" ON "lesson_comment_mentions" USING btree ("user_id","team_id","created_at");--> statement-breakpoint
CREATE INDEX "lesson_comments_lesson_idx" ON "lesson_comments" USING btree ("lesson_id","created_at");--> statement-breakpoint
CREATE INDEX "lesson_comments_thread_idx" ON "lesson_comments" USING btree ("thread_id");--> statement-breakpoint
CREATE INDEX "lesson_comments_open_idx" ON "lesson_comments" USING btree ("team_id","course_id") WHERE "lesson_comments"."thread_id" is null and "lesson_comments"."resolved_at" is null;