CREATE TABLE "media_captions" (
	"id" serial PRIMARY KEY NOT NULL,
	"media_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"lang" varchar(35) NOT NULL,
	"label" varchar(40) NOT NULL,
	"vtt" text NOT NULL,
	"cue_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media_captions" ADD CONSTRAINT "media_captions_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_captions" ADD CONSTRAINT "media_captions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "media_captions_media_lang_idx" ON "media_captions" USING btree ("media_id","lang");