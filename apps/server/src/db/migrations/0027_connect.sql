CREATE TABLE "connect_apps" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"api_key" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"name" text NOT NULL,
	"redirect_url" text NOT NULL,
	"postback_url" text,
	"allowed_ips" text[] NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "connect_apps_ips" CHECK (cardinality("connect_apps"."allowed_ips") between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "connect_orders" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"app_id" uuid NOT NULL,
	"tag" text,
	"modifications" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connect_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"app_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "connect_tokens_kind" CHECK ("connect_tokens"."kind" in ('login', 'request', 'access'))
);
--> statement-breakpoint
ALTER TABLE "connect_apps" ADD CONSTRAINT "connect_apps_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connect_orders" ADD CONSTRAINT "connect_orders_app_id_connect_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."connect_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connect_tokens" ADD CONSTRAINT "connect_tokens_app_id_connect_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."connect_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connect_tokens" ADD CONSTRAINT "connect_tokens_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "connect_apps_api_key" ON "connect_apps" USING btree ("api_key");--> statement-breakpoint
CREATE INDEX "connect_apps_client" ON "connect_apps" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "connect_orders_app" ON "connect_orders" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "connect_tokens_app" ON "connect_tokens" USING btree ("app_id");