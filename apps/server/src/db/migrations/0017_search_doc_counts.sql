CREATE TABLE "store_search_doc_counts" (
	"category" varchar(20) PRIMARY KEY NOT NULL,
	"docs" integer NOT NULL
);
--> statement-breakpoint
-- Kept by whoever writes documents, in the same transaction, as the per-term counts of 0015 are: a
-- statement's added and removed documents are summed per category and applied in category order.
-- A page with no keyword reads its total here; a word whose term count equals the sum is on every
-- document, so a search drops it (it constrains nothing). A category with none keeps a row of 0.
CREATE OR REPLACE FUNCTION studio_search_docs_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO store_search_doc_counts AS c (category, docs)
      SELECT coalesce(category, ''), count(*) FROM added GROUP BY 1 ORDER BY 1
    ON CONFLICT (category) DO UPDATE SET docs = c.docs + excluded.docs;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO store_search_doc_counts AS c (category, docs)
      SELECT coalesce(category, ''), -count(*) FROM removed GROUP BY 1 ORDER BY 1
    ON CONFLICT (category) DO UPDATE SET docs = c.docs + excluded.docs;
  ELSE
    -- An update moves a document between categories only when its category changed (a sale does not).
    INSERT INTO store_search_doc_counts AS c (category, docs)
      SELECT k, sum(n) FROM (
        SELECT coalesce(a.category, '') AS k, 1 AS n FROM added a JOIN removed r USING (course_id)
          WHERE a.category IS DISTINCT FROM r.category
        UNION ALL
        SELECT coalesce(r.category, ''), -1 FROM added a JOIN removed r USING (course_id)
          WHERE a.category IS DISTINCT FROM r.category) m
      GROUP BY k ORDER BY k
    ON CONFLICT (category) DO UPDATE SET docs = c.docs + excluded.docs;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- No document is written while the triggers are created and the counts taken.
LOCK TABLE "store_search_docs" IN SHARE MODE;
--> statement-breakpoint
CREATE TRIGGER "store_search_docs_added" AFTER INSERT ON "store_search_docs"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION studio_search_docs_counted();
--> statement-breakpoint
CREATE TRIGGER "store_search_docs_removed" AFTER DELETE ON "store_search_docs"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION studio_search_docs_counted();
--> statement-breakpoint
CREATE TRIGGER "store_search_docs_moved" AFTER UPDATE ON "store_search_docs"
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION studio_search_docs_counted();
--> statement-breakpoint
INSERT INTO "store_search_doc_counts" ("category", "docs")
  SELECT coalesce("category", ''), count(*) FROM "store_search_docs" GROUP BY 1;
