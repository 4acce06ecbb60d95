DROP INDEX "certificates_learner_uq";--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "completion" jsonb DEFAULT '{"minLessonSeconds":30,"passMark":60,"maxQuizAttempts":null}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "issuer_team_name" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "learning_lessons" ADD COLUMN "started_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_learner_uq" ON "certificates" USING btree ("team_id","user_id","course_id") WHERE "certificates"."revoked_at" is null;--> statement-breakpoint
-- 颁发团队 is the team that made the course; certificates issued before named the learner's team only.
UPDATE "certificates" c SET "issuer_team_name" = t."team_name"
  FROM "courses" co JOIN "teams" t ON t."id" = co."team_id"
  WHERE co."id" = c."course_id";--> statement-breakpoint
-- The minimum time counts from the first opening; for lessons opened before, the last save is the best known.
UPDATE "learning_lessons" SET "started_at" = "updated_at";--> statement-breakpoint
-- Certificates of courses their team no longer holds (refunded before this migration) are revoked.
UPDATE "certificates" c SET "revoked_at" = now()
  WHERE NOT EXISTS (SELECT 1 FROM "entitlements" e WHERE e."team_id" = c."team_id" AND e."course_id" = c."course_id")
    AND NOT EXISTS (SELECT 1 FROM "courses" co WHERE co."id" = c."course_id" AND co."team_id" = c."team_id");
