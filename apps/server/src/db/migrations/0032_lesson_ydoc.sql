CREATE TABLE "lesson_ydoc" (
	"lesson_id" integer PRIMARY KEY NOT NULL,
	"state" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lesson_ydoc" ADD CONSTRAINT "lesson_ydoc_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;