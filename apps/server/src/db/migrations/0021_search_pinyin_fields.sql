-- Store search: subtitle, tags and category get pinyin terms, and the body and team name their pinyin
-- words (search-text.ts). Every document is queued for the app to rebuild (drained at start).
INSERT INTO store_search_outbox (course_id) SELECT course_id FROM store_search_docs ON CONFLICT DO NOTHING;
