CREATE TABLE "lesson_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"author_id" integer,
	"reason" varchar(12) NOT NULL,
	"version" integer NOT NULL,
	"title" varchar(120) NOT NULL,
	"content" jsonb NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"restored_from" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lesson_revisions" ADD CONSTRAINT "lesson_revisions_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_revisions" ADD CONSTRAINT "lesson_revisions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_revisions_lesson_idx" ON "lesson_revisions" USING btree ("lesson_id","id");--> statement-breakpoint
-- Courses released before this migration: the draft is the store's version when the course details
-- match the latest release and its lessons are the release's, in its order, on the versions released
-- (every lesson write bumps the version). Others keep null: 有未发布的修改 until their next release.
UPDATE "courses" c SET "released_at" = c."updated_at"
FROM "course_releases" r
WHERE r."course_id" = c."id" AND r."version_no" = c."released_version"
  AND r."snapshot"->>'title' = c."title"
  AND r."snapshot"->>'subtitle' = c."subtitle"
  AND r."snapshot"->>'summary' = c."summary"
  AND r."snapshot"->>'cover' = c."cover"
  AND (r."snapshot"->>'category') IS NOT DISTINCT FROM c."category"
  AND r."snapshot"->'tags' = c."tags"
  AND (r."snapshot"->>'price')::int IS NOT DISTINCT FROM c."price"
  AND (SELECT coalesce(jsonb_agg(jsonb_build_array(l."id", l."version") ORDER BY l."position", l."id"), '[]'::jsonb)
         FROM "lessons" l WHERE l."course_id" = c."id")
    = (SELECT coalesce(jsonb_agg(jsonb_build_array((e->>'lessonId')::int, (e->>'version')::int) ORDER BY t.ord), '[]'::jsonb)
         FROM jsonb_array_elements(r."snapshot"->'lessons') WITH ORDINALITY AS t(e, ord));
