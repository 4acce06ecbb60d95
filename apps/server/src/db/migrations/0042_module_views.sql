CREATE TABLE "course_sales" (
	"course_id" integer PRIMARY KEY NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_sales" ADD CONSTRAINT "course_sales_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The sales count moves to the store (issue 45.2): the counts so far are copied, then the courses
-- triggers stop reading courses.sales and course_sales takes over copying it into the search documents
-- and telling the store's caches.
INSERT INTO "course_sales" ("course_id", "sales") SELECT "id", "sales" FROM "courses" WHERE "sales" > 0;--> statement-breakpoint
CREATE OR REPLACE FUNCTION studio_search_course_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status OR NEW.released_version IS DISTINCT FROM OLD.released_version
     OR NEW.team_id IS DISTINCT FROM OLD.team_id THEN
    IF NEW.status = 'released' THEN
      INSERT INTO store_search_outbox (course_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
    ELSE
      DELETE FROM store_search_docs WHERE course_id = NEW.id;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "courses_cache_store" ON "courses";--> statement-breakpoint
CREATE TRIGGER "courses_cache_store" AFTER UPDATE ON "courses" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status
     OR OLD.released_version IS DISTINCT FROM NEW.released_version
     OR OLD.category IS DISTINCT FROM NEW.category
     OR OLD.team_id IS DISTINCT FROM NEW.team_id)
  EXECUTE FUNCTION studio_cache_notify('store');--> statement-breakpoint
CREATE OR REPLACE FUNCTION studio_search_sales_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE store_search_docs SET sales = NEW.sales WHERE course_id = NEW.course_id AND sales IS DISTINCT FROM NEW.sales;
  UPDATE store_search_terms SET sales = NEW.sales WHERE course_id = NEW.course_id AND sales IS DISTINCT FROM NEW.sales;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "course_sales_search" AFTER INSERT OR UPDATE ON "course_sales" FOR EACH ROW
  EXECUTE FUNCTION studio_search_sales_changed();--> statement-breakpoint
CREATE TRIGGER "course_sales_cache_store" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "course_sales"
  FOR EACH STATEMENT EXECUTE FUNCTION studio_cache_notify('store');--> statement-breakpoint
ALTER TABLE "courses" DROP COLUMN "sales";--> statement-breakpoint
CREATE VIEW "public"."attachment_held_bytes" AS (select id, team_id, size_bytes from lesson_attachments);--> statement-breakpoint
CREATE VIEW "public"."course_lessons" AS (select id, course_id from lessons);--> statement-breakpoint
CREATE VIEW "public"."course_owners" AS (select id, team_id, title, status, deleted_at from courses);--> statement-breakpoint
CREATE VIEW "public"."current_releases" AS (select c.id as course_id, c.team_id, c.category, c.status, r.id as release_id, r.version_no, r.snapshot, r.title, r.changelog, r.price, r.released_by, r.created_at as released_at from courses c join course_releases r on r.course_id = c.id and r.version_no = c.released_version);--> statement-breakpoint
CREATE VIEW "public"."release_snapshots" AS (select id, course_id, version_no, snapshot, changelog, created_at from course_releases);--> statement-breakpoint
CREATE VIEW "public"."media_held_bytes" AS (select id, team_id, size_bytes from media where status <> 'failed');--> statement-breakpoint
CREATE VIEW "public"."team_entitlements" AS (select team_id, course_id, granted_at from entitlements);--> statement-breakpoint
CREATE VIEW "public"."team_names" AS (select id, team_name, team_logo from teams);--> statement-breakpoint
CREATE VIEW "public"."team_profiles" AS (select id, team_code, team_name, team_logo, owner_id, expire_date, code_enabled, join_approval, created_at from teams);--> statement-breakpoint
CREATE VIEW "public"."team_rosters" AS (select team_id, user_id, role, joined_at from team_members);--> statement-breakpoint
CREATE VIEW "public"."user_accounts" AS (select id, phone, password_hash, nick_name, head_image, wechat_open_id, wechat_union_id, wechat_mp_open_id, last_team_id, created_at from users);--> statement-breakpoint
CREATE VIEW "public"."user_contacts" AS (select id, nick_name, head_image, phone from users);--> statement-breakpoint
CREATE VIEW "public"."user_names" AS (select id, nick_name, head_image from users);