-- A store card's duration (store/course-media.ts) read its release's media ids (0046's generated
-- column) with a second statement on every page the cache had not kept: one more round trip and a
-- release lookup per card on each cold request. The search document now carries them, written from
-- the store's listing with the rest of the card, so 0046's column goes; every document is queued for
-- a rebuild (drained at start, as 0024's).
DROP VIEW "public"."release_snapshots";--> statement-breakpoint
ALTER TABLE "store_search_docs" ADD COLUMN "media_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "course_releases" DROP COLUMN "media_ids";--> statement-breakpoint
CREATE VIEW "public"."release_snapshots" AS (select id, course_id, version_no, snapshot, changelog, created_at from course_releases);--> statement-breakpoint
INSERT INTO store_search_outbox (course_id) SELECT course_id FROM store_search_docs ON CONFLICT DO NOTHING;
