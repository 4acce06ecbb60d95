CREATE TABLE "media" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"uploader_id" integer,
	"upload_id" varchar(32) NOT NULL,
	"name" varchar(120) NOT NULL,
	"status" varchar(12) DEFAULT 'uploading' NOT NULL,
	"kind" varchar(8),
	"size_bytes" bigint NOT NULL,
	"container" varchar(16),
	"duration_ms" integer,
	"width" integer,
	"height" integer,
	"has_audio" smallint,
	"renditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"error_code" integer,
	"hls_key" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "media_upload_id_idx" ON "media" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "media_team_idx" ON "media" USING btree ("team_id");