CREATE TABLE "training_group_members" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "training_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"name" varchar(30) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_task_courses" (
	"task_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"title" varchar(120) NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "training_task_courses_task_id_course_id_pk" PRIMARY KEY("task_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "training_task_groups" (
	"task_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "training_task_groups_task_id_group_id_pk" PRIMARY KEY("task_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "training_task_users" (
	"task_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "training_task_users_task_id_user_id_pk" PRIMARY KEY("task_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "training_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"title" varchar(60) NOT NULL,
	"required" boolean NOT NULL,
	"start_day" date NOT NULL,
	"due_day" date NOT NULL,
	"exam_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "training_group_members" ADD CONSTRAINT "training_group_members_group_id_training_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."training_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_group_members" ADD CONSTRAINT "training_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_groups" ADD CONSTRAINT "training_groups_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_task_courses" ADD CONSTRAINT "training_task_courses_task_id_training_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."training_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_task_courses" ADD CONSTRAINT "training_task_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_task_groups" ADD CONSTRAINT "training_task_groups_task_id_training_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."training_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_task_groups" ADD CONSTRAINT "training_task_groups_group_id_training_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."training_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_task_users" ADD CONSTRAINT "training_task_users_task_id_training_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."training_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_task_users" ADD CONSTRAINT "training_task_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_tasks" ADD CONSTRAINT "training_tasks_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_tasks" ADD CONSTRAINT "training_tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "training_group_members_user_idx" ON "training_group_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "training_groups_team_name_uq" ON "training_groups" USING btree ("team_id","name");--> statement-breakpoint
CREATE INDEX "training_task_groups_group_idx" ON "training_task_groups" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "training_task_users_user_idx" ON "training_task_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "training_tasks_team_idx" ON "training_tasks" USING btree ("team_id","created_at");