-- Two-character keywords (most Chinese words) have no trigram, so pg_trgm cannot serve them:
-- index the title's character pairs as well, and search them with @> for a two-character keyword.
CREATE OR REPLACE FUNCTION studio_bigrams(t text) RETURNS text[]
  IMMUTABLE STRICT PARALLEL SAFE LANGUAGE sql AS $$
  SELECT coalesce(array_agg(DISTINCT substr(lower(t), i, 2)), '{}')
  FROM generate_series(1, greatest(length(t) - 1, 1)) AS i
$$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "course_releases_title_bigrams" ON "course_releases" USING gin (studio_bigrams("title"));
