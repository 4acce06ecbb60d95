CREATE TABLE "store_search_docs" (
	"course_id" integer PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"category" varchar(20),
	"title" varchar(120) NOT NULL,
	"subtitle" varchar(240) NOT NULL,
	"cover" text NOT NULL,
	"team_name" varchar(60) NOT NULL,
	"price" integer NOT NULL,
	"sales" integer NOT NULL,
	"lesson_count" integer NOT NULL,
	"version_no" integer NOT NULL,
	"released_at" timestamp with time zone NOT NULL,
	"body" text NOT NULL,
	"team_key" text NOT NULL,
	"grams" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_search_outbox" (
	"course_id" integer PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_search_terms" (
	"term" text NOT NULL,
	"course_id" integer NOT NULL,
	"bucket" smallint NOT NULL,
	"sales" integer NOT NULL,
	"released_at" timestamp with time zone NOT NULL,
	CONSTRAINT "store_search_terms_pk" PRIMARY KEY("course_id","term")
);
--> statement-breakpoint
ALTER TABLE "store_search_docs" ADD CONSTRAINT "store_search_docs_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_search_terms" ADD CONSTRAINT "store_search_terms_course_id_store_search_docs_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."store_search_docs"("course_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_search_docs_newest" ON "store_search_docs" USING btree ("released_at" DESC NULLS LAST,"course_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "store_search_docs_sales" ON "store_search_docs" USING btree ("sales" DESC NULLS LAST,"released_at" DESC NULLS LAST,"course_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "store_search_docs_price_asc" ON "store_search_docs" USING btree ("price","course_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "store_search_docs_price_desc" ON "store_search_docs" USING btree ("price" DESC NULLS LAST,"course_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "store_search_docs_team" ON "store_search_docs" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "store_search_docs_grams" ON "store_search_docs" USING gin ("grams");--> statement-breakpoint
CREATE INDEX "store_search_terms_rank" ON "store_search_terms" USING btree ("term","bucket","sales" DESC NULLS LAST,"released_at" DESC NULLS LAST,"course_id" DESC NULLS LAST);--> statement-breakpoint
-- The characters and character pairs of normalised text (search-text.ts `grams` per token), for the
-- documents' `grams` when SQL rewrites them (a team rename); the app computes the same itself.
CREATE OR REPLACE FUNCTION studio_search_grams(t text) RETURNS text[]
  IMMUTABLE STRICT PARALLEL SAFE LANGUAGE sql AS $$
  SELECT coalesce(array_agg(DISTINCT g), '{}') FROM (
    SELECT substr(t, i, 1) AS g FROM generate_series(1, length(t)) AS i
    UNION ALL
    SELECT substr(t, i, 2) FROM generate_series(1, length(t) - 1) AS i
  ) grams WHERE g !~ '\s'
$$;
--> statement-breakpoint
-- Documents need the app (pinyin): the courses listed now are queued and built at start.
INSERT INTO "store_search_outbox" ("course_id") SELECT "id" FROM "courses" WHERE "status" = 'released';
--> statement-breakpoint
-- Whoever changes a course (the API, a CLI, plain SQL), its document follows in the same transaction:
-- sales are copied; a course no longer listed loses its document; a new release or listing is
-- queued for the app to build (pinyin needs it), and the app's own release path builds it at once.
CREATE OR REPLACE FUNCTION studio_search_course_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.sales IS DISTINCT FROM OLD.sales THEN
    UPDATE store_search_docs SET sales = NEW.sales WHERE course_id = NEW.id;
    UPDATE store_search_terms SET sales = NEW.sales WHERE course_id = NEW.id;
  END IF;
  IF NEW.status IS DISTINCT FROM OLD.status OR NEW.released_version IS DISTINCT FROM OLD.released_version
     OR NEW.team_id IS DISTINCT FROM OLD.team_id THEN
    IF NEW.status = 'released' THEN
      INSERT INTO store_search_outbox (course_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
    ELSE
      DELETE FROM store_search_docs WHERE course_id = NEW.id;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "courses_search" AFTER UPDATE ON "courses" FOR EACH ROW EXECUTE FUNCTION studio_search_course_changed();
--> statement-breakpoint
-- A team rename: the name shows at once; the app rebuilds the documents to normalise it as it does.
CREATE OR REPLACE FUNCTION studio_search_team_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE store_search_docs SET team_name = NEW.team_name, team_key = lower(NEW.team_name),
    grams = studio_search_grams(body || ' ' || lower(NEW.team_name)) WHERE team_id = NEW.id;
  INSERT INTO store_search_outbox (course_id) SELECT course_id FROM store_search_docs WHERE team_id = NEW.id
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "teams_search" AFTER UPDATE OF "team_name" ON "teams" FOR EACH ROW
  WHEN (OLD.team_name IS DISTINCT FROM NEW.team_name) EXECUTE FUNCTION studio_search_team_renamed();
