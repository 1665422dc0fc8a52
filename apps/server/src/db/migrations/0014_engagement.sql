CREATE TABLE "achievements_earned" (
	"client_id" uuid NOT NULL,
	"code" text NOT NULL,
	"earned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "achievements_earned_client_id_code_pk" PRIMARY KEY("client_id","code")
);
--> statement-breakpoint
CREATE TABLE "asset_snapshots" (
	"client_id" uuid NOT NULL,
	"day" date NOT NULL,
	"assets_paise" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "asset_snapshots_client_id_day_pk" PRIMARY KEY("client_id","day")
);
--> statement-breakpoint
CREATE TABLE "engagement_status" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"vip" integer NOT NULL,
	"average_assets_paise" bigint NOT NULL,
	"score" integer NOT NULL,
	"parts" jsonb NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "score_adjustments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"points" integer NOT NULL,
	"reason" text NOT NULL,
	"staff_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "score_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"score" integer NOT NULL,
	"reason" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_tiers" (
	"level" integer PRIMARY KEY NOT NULL,
	"min_assets_paise" bigint NOT NULL,
	"brokerage_discount_bps" integer DEFAULT 0 NOT NULL,
	"daily_withdrawal_limit_paise" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_tiers_level" CHECK ("vip_tiers"."level" between 0 and 5),
	CONSTRAINT "vip_tiers_discount" CHECK ("vip_tiers"."brokerage_discount_bps" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "achievements_earned" ADD CONSTRAINT "achievements_earned_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_snapshots" ADD CONSTRAINT "asset_snapshots_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engagement_status" ADD CONSTRAINT "engagement_status_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_adjustments" ADD CONSTRAINT "score_adjustments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_adjustments" ADD CONSTRAINT "score_adjustments_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_history" ADD CONSTRAINT "score_history_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "score_adjustments_client" ON "score_adjustments" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "score_history_client" ON "score_history" USING btree ("client_id","id");