CREATE TABLE "pin_windows" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"pin_mac" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pin_windows" ADD CONSTRAINT "pin_windows_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pin_windows_client" ON "pin_windows" USING btree ("client_id");