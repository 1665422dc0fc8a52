-- Postback retries that survive their instance (decision 042): the row keeps what is POSTed
-- (less the checksum) and when it is next due; any instance's sweep claims it when due.
ALTER TABLE "connect_postbacks" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "connect_postbacks" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connect_postbacks" DROP CONSTRAINT "connect_postbacks_status";--> statement-breakpoint
ALTER TABLE "connect_postbacks" ADD CONSTRAINT "connect_postbacks_status" CHECK ("connect_postbacks"."status" in ('queued', 'sending', 'delivered', 'failed'));--> statement-breakpoint
CREATE INDEX "connect_postbacks_due" ON "connect_postbacks" USING btree ("next_attempt_at") WHERE "connect_postbacks"."status" in ('queued', 'sending');
