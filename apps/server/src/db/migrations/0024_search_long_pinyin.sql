-- Store search: a title's (and subtitle's, tags') whole pinyin past four syllables, up to 24 letters, is
-- a term too (search-text.ts). Every document is queued for the app to rebuild (drained at start).
INSERT INTO store_search_outbox (course_id) SELECT course_id FROM store_search_docs ON CONFLICT DO NOTHING;
