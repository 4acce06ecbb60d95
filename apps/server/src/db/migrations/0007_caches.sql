-- The store's default order (newest first) reads a dozen index entries for its first page, and its
-- join and count read a narrow index of the released courses instead of the course rows.
CREATE INDEX "course_releases_created_idx" ON "course_releases" USING btree ("created_at","course_id");--> statement-breakpoint
CREATE INDEX "courses_listed_idx" ON "courses" USING btree ("id","released_version") WHERE "courses"."status" = 'released';--> statement-breakpoint
-- In-process caches (apps/server/src/platform/cache.ts) stay correct across processes: whenever rows
-- they hold change, whoever writes them, these triggers notify `studio_cache` with the cache's topic,
-- delivered at commit to every listening process (the writer's own connection included).
CREATE OR REPLACE FUNCTION studio_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('studio_cache', TG_ARGV[0]);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- 'auth': what a token resolves to (session, user, membership of the user's last team, that team).
-- A new session changes nothing cached (tokens are cached once they exist); its end does.
CREATE TRIGGER "sessions_cache_auth" AFTER UPDATE OR DELETE OR TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION studio_cache_notify('auth');--> statement-breakpoint
CREATE TRIGGER "users_cache_auth" AFTER UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION studio_cache_notify('auth');--> statement-breakpoint
CREATE TRIGGER "team_members_cache_auth" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "team_members"
  FOR EACH STATEMENT EXECUTE FUNCTION studio_cache_notify('auth');--> statement-breakpoint
CREATE TRIGGER "teams_cache_auth" AFTER UPDATE OR DELETE OR TRUNCATE ON "teams"
  FOR EACH STATEMENT EXECUTE FUNCTION studio_cache_notify('auth');--> statement-breakpoint
-- 'store': the catalog pages (released courses, their current release, sales, team names).
CREATE TRIGGER "course_releases_cache_store" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "course_releases"
  FOR EACH STATEMENT EXECUTE FUNCTION studio_cache_notify('store');--> statement-breakpoint
-- Saving a draft touches courses.updated_at all the time: only changes a store card shows count.
CREATE TRIGGER "courses_cache_store" AFTER UPDATE ON "courses" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status
     OR OLD.released_version IS DISTINCT FROM NEW.released_version
     OR OLD.sales IS DISTINCT FROM NEW.sales
     OR OLD.category IS DISTINCT FROM NEW.category
     OR OLD.team_id IS DISTINCT FROM NEW.team_id)
  EXECUTE FUNCTION studio_cache_notify('store');--> statement-breakpoint
CREATE TRIGGER "courses_cache_store_delete" AFTER DELETE ON "courses" FOR EACH ROW
  WHEN (OLD.status = 'released') EXECUTE FUNCTION studio_cache_notify('store');--> statement-breakpoint
CREATE TRIGGER "courses_cache_store_truncate" AFTER TRUNCATE ON "courses"
  FOR EACH STATEMENT EXECUTE FUNCTION studio_cache_notify('store');--> statement-breakpoint
CREATE TRIGGER "teams_cache_store" AFTER UPDATE OR DELETE OR TRUNCATE ON "teams"
  FOR EACH STATEMENT EXECUTE FUNCTION studio_cache_notify('store');
