ALTER TABLE "course_releases" ADD COLUMN "changelog" text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- Every note written before this migration was the one release note, written by the team for the
-- team ("回滚到 v1", "涨价并补充第二课"): it stays in `notes`, now the internal note (release
-- history only). No release gets a public line (`changelog`) it was never written for.
COMMENT ON COLUMN "course_releases"."notes" IS 'internal note (内部备注): the team''s release history only';--> statement-breakpoint
COMMENT ON COLUMN "course_releases"."changelog" IS 'public line (更新说明): the buy page''s 更新日志 and the learner''s course';
