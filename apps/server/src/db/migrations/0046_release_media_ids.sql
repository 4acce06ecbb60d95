-- A store card's duration (course-media.ts) read the media ids of each card's release by decompressing
-- and walking its whole snapshot (≈ 0.12 ms a card, 6 ms for a page of 48 at 100,000 courses: ten times
-- the page's search). PostgreSQL now keeps them beside the snapshot, computed once per release (a
-- release never changes); the view the store reads gains the column.
DROP VIEW "public"."release_snapshots";--> statement-breakpoint
ALTER TABLE "course_releases" ADD COLUMN "media_ids" jsonb GENERATED ALWAYS AS (jsonb_path_query_array(snapshot, 'lax $.lessons[*].content.** ? (@.type == "media").attrs.mediaId ? (@.type() == "number")')) STORED;--> statement-breakpoint
CREATE VIEW "public"."release_snapshots" AS (select id, course_id, version_no, snapshot, changelog, created_at, media_ids from course_releases);