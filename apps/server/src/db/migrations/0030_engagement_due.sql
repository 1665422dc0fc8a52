CREATE TABLE "engagement_due" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"reasons" text[] NOT NULL,
	"asks" integer DEFAULT 1 NOT NULL,
	"asked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "engagement_due" ADD CONSTRAINT "engagement_due_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "engagement_due_asked" ON "engagement_due" USING btree ("asked_at");
