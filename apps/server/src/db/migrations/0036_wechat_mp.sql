ALTER TABLE "users" ADD COLUMN "wechat_mp_open_id" varchar(128);--> statement-breakpoint
ALTER TABLE "wechat_states" ADD COLUMN "kind" varchar(16) DEFAULT 'qr' NOT NULL;--> statement-breakpoint
ALTER TABLE "wechat_states" ADD COLUMN "browser_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "wechat_states" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "wechat_states" ADD COLUMN "next_path" varchar(512);--> statement-breakpoint
ALTER TABLE "wechat_states" ADD COLUMN "code_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "wechat_states" ADD COLUMN "sim_union_id" varchar(128);--> statement-breakpoint
ALTER TABLE "wechat_states" ADD CONSTRAINT "wechat_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_wechat_mp_open_id_uq" ON "users" USING btree ("wechat_mp_open_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_wechat_union_id_uq" ON "users" USING btree ("wechat_union_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_states_code_hash_uq" ON "wechat_states" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "wechat_states_sim_code_idx" ON "wechat_states" USING btree ("sim_code");