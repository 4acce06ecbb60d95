-- Trigram search for the store catalog (Chinese substrings need a UTF-8 ctype; see db/embedded.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
