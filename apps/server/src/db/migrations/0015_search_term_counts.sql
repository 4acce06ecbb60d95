CREATE TABLE "store_search_term_counts" (
	"term" text PRIMARY KEY NOT NULL,
	"docs" integer NOT NULL
);
--> statement-breakpoint
-- Kept by whoever writes terms, in the same transaction: a statement's added and removed terms are
-- summed per term and applied in term order (so two writers lock the shared rows in the same order).
-- A term no document holds keeps a row of 0 (harmless: a search for it reads no entries).
CREATE OR REPLACE FUNCTION studio_search_terms_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO store_search_term_counts AS c (term, docs)
    SELECT term, count(*) FROM added GROUP BY term ORDER BY term
  ON CONFLICT (term) DO UPDATE SET docs = c.docs + excluded.docs;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION studio_search_terms_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO store_search_term_counts AS c (term, docs)
    SELECT term, -count(*) FROM removed GROUP BY term ORDER BY term
  ON CONFLICT (term) DO UPDATE SET docs = c.docs + excluded.docs;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- No term is written while the triggers are created and the counts taken.
LOCK TABLE "store_search_terms" IN SHARE MODE;
--> statement-breakpoint
CREATE TRIGGER "store_search_terms_added" AFTER INSERT ON "store_search_terms"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION studio_search_terms_added();
--> statement-breakpoint
CREATE TRIGGER "store_search_terms_removed" AFTER DELETE ON "store_search_terms"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION studio_search_terms_removed();
--> statement-breakpoint
INSERT INTO "store_search_term_counts" ("term", "docs")
  SELECT "term", count(*) FROM "store_search_terms" GROUP BY "term";
--> statement-breakpoint
-- Latin prefixes are now indexed up to 24 letters (was 12), as full pinyin already was: every listed
-- course is rebuilt by the app (the outbox, drained in the background; until its turn, a document
-- keeps its old terms, and only a query word of 13 letters or more can miss it).
INSERT INTO "store_search_outbox" ("course_id") SELECT "id" FROM "courses" WHERE "status" = 'released'
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- No parallel scans of the documents: a search statement is small, and many run at once; planned
-- with a parallel branch that a one-time filter skips, a statement still paid for starting workers.
ALTER TABLE "store_search_docs" SET (parallel_workers = 0);
