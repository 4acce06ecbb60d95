-- Each document's terms as an array (the keys of its store_search_terms rows), so a GIN index
-- intersects several words' documents in one index scan. Filled here from the terms, in the
-- migration's transaction: the documents and their terms are locked until it commits.
LOCK TABLE "store_search_docs", "store_search_terms" IN SHARE MODE;
--> statement-breakpoint
ALTER TABLE "store_search_docs" ADD COLUMN "terms" text[];
--> statement-breakpoint
UPDATE "store_search_docs" d SET "terms" = coalesce(
  (SELECT array_agg(t."term" ORDER BY t."term") FROM "store_search_terms" t WHERE t."course_id" = d."course_id"),
  '{}');
--> statement-breakpoint
ALTER TABLE "store_search_docs" ALTER COLUMN "terms" SET NOT NULL;
--> statement-breakpoint
CREATE INDEX "store_search_docs_terms" ON "store_search_docs" USING gin ("terms") WITH (fastupdate=false);
--> statement-breakpoint
-- No parallel scans of the terms either (as of the documents in 0015): at 1,000,000 courses the
-- planner gave a one-word suggestion a parallel index scan, and starting its worker took 3-6 ms of a
-- statement that runs in 0.1 ms.
ALTER TABLE "store_search_terms" SET (parallel_workers = 0);
