CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"buyer_team_id" integer NOT NULL,
	"seller_team_id" integer NOT NULL,
	"requested_by" integer NOT NULL,
	"amount" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"tax_id" varchar(20) NOT NULL,
	"email" varchar(120) NOT NULL,
	"status" varchar(12) DEFAULT 'requested' NOT NULL,
	"file_key" varchar(120),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"refund_no" varchar(32) NOT NULL,
	"order_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"buyer_team_id" integer NOT NULL,
	"seller_team_id" integer NOT NULL,
	"requested_by" integer NOT NULL,
	"decided_by" integer,
	"amount" integer NOT NULL,
	"reason" varchar(200) NOT NULL,
	"status" varchar(12) DEFAULT 'requested' NOT NULL,
	"provider_refund_id" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"refunded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_buyer_team_id_teams_id_fk" FOREIGN KEY ("buyer_team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_seller_team_id_teams_id_fk" FOREIGN KEY ("seller_team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_buyer_team_id_teams_id_fk" FOREIGN KEY ("buyer_team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_seller_team_id_teams_id_fk" FOREIGN KEY ("seller_team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_seller_uq" ON "invoices" USING btree ("order_id","seller_team_id");--> statement-breakpoint
CREATE INDEX "invoices_buyer_idx" ON "invoices" USING btree ("buyer_team_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_seller_idx" ON "invoices" USING btree ("seller_team_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_no_uq" ON "refunds" USING btree ("refund_no");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_item_open_uq" ON "refunds" USING btree ("order_item_id") WHERE "refunds"."status" <> 'refused';--> statement-breakpoint
CREATE INDEX "refunds_buyer_idx" ON "refunds" USING btree ("buyer_team_id","created_at");--> statement-breakpoint
CREATE INDEX "refunds_seller_idx" ON "refunds" USING btree ("seller_team_id","created_at");