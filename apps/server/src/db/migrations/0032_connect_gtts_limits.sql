CREATE TABLE "connect_gtts" (
	"trigger_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "connect_gtts_trigger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"gtt_id" uuid NOT NULL,
	"app_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connect_limit_counts" (
	"app_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"window_ms" integer NOT NULL,
	"window_index" bigint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "connect_limit_counts_pk" PRIMARY KEY("app_id","kind","window_ms","window_index")
);
--> statement-breakpoint
ALTER TABLE "connect_gtts" ADD CONSTRAINT "connect_gtts_app_id_connect_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."connect_apps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "connect_gtts_gtt" ON "connect_gtts" USING btree ("gtt_id");
--> statement-breakpoint
CREATE TABLE "connect_postbacks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"app_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"event" text NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "connect_postbacks_status" CHECK ("connect_postbacks"."status" in ('sending', 'delivered', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "connect_postbacks" ADD CONSTRAINT "connect_postbacks_app_id_connect_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."connect_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "connect_postbacks_event" ON "connect_postbacks" USING btree ("order_id","event");--> statement-breakpoint
CREATE INDEX "connect_postbacks_app" ON "connect_postbacks" USING btree ("app_id","created_at");
