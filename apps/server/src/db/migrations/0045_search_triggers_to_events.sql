-- The search's triggers on other modules' tables go (issue 45): a course's release, 下架 and deletion,
-- a team's rename and a course's sales count reach the search as domain events, published by their
-- owners (courses, teams, store) in the transaction that makes the change; the search's handlers
-- update its documents there (modules/search/search.index.ts). What the triggers kept stays as it is:
-- they ran until this commit, so every document is current. The search's own triggers (counts on its
-- documents and terms, migrations 0015 and 0017) stay.
DROP TRIGGER "courses_search" ON "courses";--> statement-breakpoint
DROP TRIGGER "teams_search" ON "teams";--> statement-breakpoint
DROP TRIGGER "course_sales_search" ON "course_sales";--> statement-breakpoint
DROP FUNCTION studio_search_course_changed();--> statement-breakpoint
DROP FUNCTION studio_search_team_renamed();--> statement-breakpoint
DROP FUNCTION studio_search_sales_changed();
