CREATE TABLE "client_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_challenges_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "client_totp" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"pending_secret_enc" text,
	"pending_at" timestamp with time zone,
	"secret_enc" text,
	"enabled_at" timestamp with time zone,
	"last_step" integer,
	"recovery_code_hashes" text[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "successor_enc" text;--> statement-breakpoint
ALTER TABLE "client_challenges" ADD CONSTRAINT "client_challenges_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_totp" ADD CONSTRAINT "client_totp_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_challenges_client" ON "client_challenges" USING btree ("client_id");